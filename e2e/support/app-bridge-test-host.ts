import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/**
 * A bare MCP Apps host for one view, on the SDK's own `AppBridge` and `PostMessageTransport`: the test
 * drives the view step by step (`window.testHost`), so it can look at the view between two partial inputs.
 * The view sits in a sandboxed `srcdoc` frame under the MCP Apps default policy (inline scripts and styles,
 * nothing from anywhere else), which its document inherits from this page.
 */
const hostScript = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

window.startView = (html) => {
  const iframe = document.createElement('iframe');
  iframe.id = 'view';
  iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
  iframe.style.cssText = 'border:0;width:640px;height:480px;display:block';
  const bridge = new AppBridge(
    null,
    { name: 'drawbridge-test-host', version: '1.0.0' },
    { openLinks: {}, logging: {}, message: { text: {} } },
    { hostContext: { theme: 'light', displayMode: 'inline' } },
  );
  const host = { messages: [], links: [], logs: [], sizes: [], refuseMessages: 0 };
  // A host may decline a message (\`isError\`): the next \`refuseMessages\` ones are declined, and not kept.
  bridge.onmessage = async ({ content }) => {
    if (host.refuseMessages > 0) {
      host.refuseMessages -= 1;
      return { isError: true };
    }
    host.messages.push(content.map((block) => block.text).join('\\n'));
    return {};
  };
  bridge.onopenlink = async ({ url }) => {
    host.links.push(url);
    return {};
  };
  bridge.onloggingmessage = ({ level, data }) => host.logs.push({ level, data });
  bridge.onsizechange = (size) => host.sizes.push(size);
  const initialized = new Promise((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  iframe.srcdoc = html;
  document.body.append(iframe);
  host.ready = bridge
    .connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow))
    .then(() => initialized)
    .then(() => bridge.getAppVersion());
  host.sendToolInputPartial = (args) => bridge.sendToolInputPartial({ arguments: args });
  host.sendToolInput = (args) => bridge.sendToolInput({ arguments: args });
  host.sendToolResult = (result) => bridge.sendToolResult(result);
  window.testHost = host;
};
`;

// The MCP Apps default for a view that declares no domains; 'self' lets this page load its own host script.
const defaultViewPolicy =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'";

const hostPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP Apps test host</title></head>
<body style="margin:0"><script type="module" src="/host.js"></script></body></html>`;

export interface AppBridgeTestHost {
  url: string;
  close(): Promise<void>;
}

/** Serves the host page and its bundled script on 127.0.0.1, on a free port. */
export async function startAppBridgeTestHost(): Promise<AppBridgeTestHost> {
  const bundle = await build({
    stdin: { contents: hostScript, resolveDir: new URL('.', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/host.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      response.end(script);
    } else if (path === '/favicon.ico') {
      response.writeHead(204);
      response.end();
    } else if (path === '/') {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': defaultViewPolicy,
      });
      response.end(hostPage);
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'not_found', message: 'No such file.' } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
