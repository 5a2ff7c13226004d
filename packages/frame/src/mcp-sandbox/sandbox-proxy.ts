// The MCP Apps sandbox proxy: the outer of the spec's two iframes, served from Drawbridge's separate sandbox
// origin. It tells the host it is ready, builds the inner iframe from the view's HTML when the host sends it,
// and relays every other message between the host page and the view, each way, without reading them. It
// answers only its own parent at the host origin it was given, and only its own inner frame.

const resourceReadyMethod = 'ui/notifications/sandbox-resource-ready';
const proxyReadyMethod = 'ui/notifications/sandbox-proxy-ready';

/** What a host may ask of the inner frame's sandbox; popups, modals and top navigation are never among it. */
const permittedSandboxTokens = new Set(['allow-scripts', 'allow-same-origin', 'allow-forms']);
const defaultSandbox = 'allow-scripts allow-same-origin allow-forms';

const hostOrigin = new URL(location.href).searchParams.get('host') ?? '';
let inner: HTMLIFrameElement | undefined;

function innerSandbox(requested: unknown): string {
  if (typeof requested !== 'string') return defaultSandbox;
  return requested
    .split(/\s+/)
    .filter((token) => permittedSandboxTokens.has(token))
    .join(' ');
}

function buildInnerFrame(params: { html?: unknown; sandbox?: unknown }): void {
  if (inner !== undefined || typeof params.html !== 'string') return;
  inner = document.createElement('iframe');
  inner.setAttribute('sandbox', innerSandbox(params.sandbox));
  // The document's Permissions-Policy header is the ceiling; the attribute delegates what it allows.
  inner.setAttribute('allow', document.documentElement.dataset.allow ?? '');
  inner.title = 'MCP App view';
  // A srcdoc document inherits this document's CSP header: the view gets exactly the policy it was served.
  inner.srcdoc = params.html;
  document.body.append(inner);
}

window.addEventListener('message', (event) => {
  if (event.source === window.parent && event.origin === hostOrigin) {
    const message = event.data as { method?: unknown; params?: { html?: unknown; sandbox?: unknown } } | null;
    if (message?.method === resourceReadyMethod) {
      buildInnerFrame(message.params ?? {});
      return;
    }
    inner?.contentWindow?.postMessage(event.data, '*');
    return;
  }
  if (inner !== undefined && event.source === inner.contentWindow) {
    window.parent.postMessage(event.data, hostOrigin);
  }
});

if (hostOrigin !== '') {
  window.parent.postMessage({ jsonrpc: '2.0', method: proxyReadyMethod, params: {} }, hostOrigin);
}
