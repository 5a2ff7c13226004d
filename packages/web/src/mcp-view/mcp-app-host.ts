import type { McpViewModelContext } from '@drawbridge/protocol';
import { FrameWatchdog, type FrameWatchdogOptions } from '@drawbridge/react';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import {
  AppBridge,
  buildAllowAttribute,
  type McpUiDisplayMode,
  type McpUiHostContext,
  type McpUiResourceCsp,
  type McpUiResourcePermissions,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

/** What the view asks of the chat, each answered by the card that hosts it. */
export interface McpAppHostHandlers {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<CallToolResult>;
  readResource(params: { uri: string }): Promise<ReadResourceResult>;
  /** `ui/message`: text for the user's next message; refused (with the reason) past the page's prompt budget. */
  sendMessage(text: string): { ok: boolean; message: string };
  /** `ui/update-model-context`: kept for the model's next turn, replacing what the view said before. */
  updateModelContext(context: McpViewModelContext): Promise<void>;
  /** `ui/open-link`: as a widget's `host.openLink` (`handleWidgetLink`); may wait for the user to confirm. */
  openLink(url: string): { ok: boolean; message: string } | Promise<{ ok: boolean; message: string }>;
  sizeChanged(size: { height?: number; width?: number }): void;
  /** `ui/request-display-mode`: answers the mode the card now shows. */
  requestDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  /** The outer frame navigated away (a view cannot be stopped from trying): the card tears the view down. */
  navigatedAway(): void;
}

export interface OpenMcpAppOptions {
  container: HTMLElement;
  sandboxOrigin: string;
  view: { html: string; csp?: McpUiResourceCsp; permissions?: McpUiResourcePermissions };
  hostContext: McpUiHostContext;
  handlers: McpAppHostHandlers;
}

const hostInfo = { name: 'Drawbridge', version: '0.1.0' };

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The sandbox document's URL: its server turns the view's declared CSP and permissions into headers. */
export function sandboxDocumentUrl({
  sandboxOrigin,
  view,
}: {
  sandboxOrigin: string;
  view: OpenMcpAppOptions['view'];
}): string {
  const declared = base64Url(JSON.stringify({ csp: view.csp, permissions: view.permissions }));
  return `${sandboxOrigin}/view?host=${encodeURIComponent(location.origin)}&declared=${declared}`;
}

/**
 * One MCP App view in the transcript: the spec's double iframe (our outer frame on the sandbox origin, the
 * view inside it) and the host side of the protocol on the SDK's `AppBridge`, over the SDK's
 * `PostMessageTransport` bound to that one frame. Opens once the view said `ui/notifications/initialized`.
 */
export class McpAppHost {
  readonly iframe: HTMLIFrameElement;
  /** Settles once the view said `ui/notifications/initialized`; only then do inputs and results go to it. */
  readonly ready: Promise<void>;
  private readonly bridge: AppBridge;
  private closed = false;

  private constructor(iframe: HTMLIFrameElement, bridge: AppBridge, ready: Promise<void>) {
    this.iframe = iframe;
    this.bridge = bridge;
    this.ready = ready;
  }

  /** Creates the frame in `container` and starts the handshake; `ready` says when the view is listening. */
  static open({ container, sandboxOrigin, view, hostContext, handlers }: OpenMcpAppOptions): McpAppHost {
    const iframe = document.createElement('iframe');
    iframe.className = 'mcp-view__frame';
    iframe.title = 'MCP App view';
    // Our own frame: a separate origin, scripts and forms, never popups, modals or top navigation.
    iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    iframe.setAttribute('allow', buildAllowAttribute(view.permissions));
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    const bridge = new AppBridge(
      null,
      hostInfo,
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {}, structuredContent: {} },
        sandbox: {
          ...(view.csp === undefined ? {} : { csp: view.csp }),
          ...(view.permissions === undefined ? {} : { permissions: view.permissions }),
        },
      },
      { hostContext },
    );
    const initialized = new Promise<void>((resolve) => {
      bridge.oninitialized = () => resolve();
    });
    // The src is set before the frame is attached, so its only load is the sandbox document's; the transport
    // listens in the same task, long before the proxy's first message can arrive over the network.
    iframe.src = sandboxDocumentUrl({ sandboxOrigin, view });
    container.append(iframe);
    const ready = bridge
      .connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!))
      .then(() => initialized);
    const host = new McpAppHost(iframe, bridge, ready);
    bridge.oncalltool = (params) =>
      handlers.callTool({
        name: params.name,
        arguments: (params.arguments ?? {}) as Record<string, unknown>,
      });
    bridge.onreadresource = (params) => handlers.readResource({ uri: params.uri });
    bridge.onmessage = async (params) => {
      const text = params.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
      const outcome = handlers.sendMessage(text);
      return outcome.ok ? {} : { isError: true };
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      // Only text blocks are advertised; anything else a view sends is not the model's to read.
      const text = (content ?? []).flatMap((block) =>
        block.type === 'text' ? [{ type: 'text' as const, text: block.text }] : [],
      );
      // A refusal (too large, the call gone) rejects, and the view gets it as the request's error.
      await handlers.updateModelContext({
        ...(text.length === 0 ? {} : { content: text }),
        ...(structuredContent === undefined ? {} : { structuredContent }),
      });
      return {};
    };
    bridge.onopenlink = async ({ url }) => ((await handlers.openLink(url)).ok ? {} : { isError: true });
    bridge.onsizechange = (size) => handlers.sizeChanged(size);
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: handlers.requestDisplayMode(mode) });
    bridge.onloggingmessage = () => {
      // A view's log lines are its own business; the host has nowhere better to put them.
    };
    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({
        html: view.html,
        ...(view.csp === undefined ? {} : { csp: view.csp }),
        ...(view.permissions === undefined ? {} : { permissions: view.permissions }),
      });
    };
    let loads = 0;
    iframe.addEventListener('load', () => {
      loads += 1;
      // The sandbox document loads once; any later load is the frame navigated somewhere else.
      if (loads > 1 && !host.closed) handlers.navigatedAway();
    });
    return host;
  }

  sendToolInputPartial(args: Record<string, unknown>): void {
    if (!this.closed) void this.bridge.sendToolInputPartial({ arguments: args });
  }

  sendToolInput(args: Record<string, unknown>): void {
    if (!this.closed) void this.bridge.sendToolInput({ arguments: args });
  }

  sendToolResult(result: CallToolResult): void {
    if (!this.closed) void this.bridge.sendToolResult(result);
  }

  sendToolCancelled(reason: string): void {
    if (!this.closed) void this.bridge.sendToolCancelled({ reason });
  }

  setHostContext(context: McpUiHostContext): void {
    if (!this.closed) this.bridge.setHostContext(context);
  }

  /**
   * The widgets' hung-frame watchdog for this view: MCP `ping` requests through the bridge (the proxy relays
   * them; the SDK's `App` answers them itself), so a view whose event loop stops — or whose proxy does — falls
   * silent. Call once the view is ready; returns the function that stops watching.
   */
  watch(
    options: Pick<
      FrameWatchdogOptions,
      'onUnresponsive' | 'pingIntervalMs' | 'unresponsiveAfterMs' | 'timers'
    >,
  ): () => void {
    const watchdog: FrameWatchdog = new FrameWatchdog({
      ...options,
      sendPing: (seq) => {
        if (this.closed) return;
        // A ping that times out or fails proves nothing; the watchdog judges by the silence.
        this.bridge.request({ method: 'ping' }, { timeout: options.unresponsiveAfterMs }).then(
          () => watchdog.notePong(seq),
          () => undefined,
        );
      },
    });
    watchdog.start();
    return () => watchdog.stop();
  }

  /** Asks the view to tear down (bounded wait), then removes its frame. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const asked = this.bridge.teardownResource({}).catch(() => undefined);
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 500))]);
    await this.bridge.close().catch(() => undefined);
    this.iframe.remove();
  }
}
