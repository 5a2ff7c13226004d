import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/**
 * A browser-side MCP host on a page of its own origin, as the ext-apps basic host is: the SDK's `Client` over
 * its `StreamableHTTPClientTransport` straight to a server's `/mcp` (CORS decides whether the page may), and
 * the ext-apps `AppBridge` showing a tool's `ui://` view in a sandboxed `srcdoc` frame. `window.browserHost`
 * drives it from the test.
 */
const hostScript = `
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

async function connect(mcpUrl, token) {
  const client = new Client({ name: 'drawbridge-browser-host', version: '1.0.0' });
  const headers = token === undefined ? {} : { Authorization: 'Bearer ' + token };
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } }));
  return client;
}

window.browserHost = {
  // Resolves with how the connection failed, or 'connected'.
  async tryConnect(mcpUrl, token) {
    try {
      const client = await connect(mcpUrl, token);
      await client.close();
      return 'connected';
    } catch (error) {
      return String(error);
    }
  },

  // Lists the tools, calls the tool, and shows its view fed the call's input and result.
  async showTool(mcpUrl, token, name, args) {
    const client = await connect(mcpUrl, token);
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === name);
    const resourceUri = tool._meta.ui.resourceUri;
    const { contents } = await client.readResource({ uri: resourceUri });
    const result = await client.callTool({ name, arguments: args });

    const iframe = document.createElement('iframe');
    iframe.id = 'view';
    iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
    iframe.style.cssText = 'border:0;width:640px;height:480px;display:block';
    const bridge = new AppBridge(
      client,
      { name: 'drawbridge-browser-host', version: '1.0.0' },
      { openLinks: {}, serverTools: {}, logging: {} },
      { hostContext: { theme: 'light', displayMode: 'inline' } },
    );
    const initialized = new Promise((resolve) => {
      bridge.oninitialized = () => resolve();
    });
    iframe.srcdoc = contents[0].text;
    document.body.append(iframe);
    await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
    await initialized;
    await bridge.sendToolInput({ arguments: args });
    await bridge.sendToolResult(result);
    return { toolNames: tools.map((each) => each.name), resourceUri, result };
  },
};
`;

export interface BrowserMcpHost {
  /** The page's URL; its origin is another port of 127.0.0.1 than the server it talks to. */
  url: string;
  close(): Promise<void>;
}

/** Serves the host page and its bundled script on 127.0.0.1, on a free port; the page may connect to `mcpOrigin`. */
export async function startBrowserMcpHost({ mcpOrigin }: { mcpOrigin: string }): Promise<BrowserMcpHost> {
  const bundle = await build({
    stdin: { contents: hostScript, resolveDir: new URL('.', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  // The MCP Apps default for a view that declares nothing (the view's srcdoc document inherits it), except
  // that this page itself must reach the server's /mcp.
  const policy = `default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src ${mcpOrigin}; frame-src 'none'`;
  const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>Browser MCP host</title></head>
<body style="margin:0"><script type="module" src="/host.js"></script></body></html>`;
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
        'Content-Security-Policy': policy,
      });
      response.end(page);
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
