import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { frameContentSecurityPolicy } from '@drawbridge/frame';

const repositoryRoot = new URL('../../', import.meta.url);
const frameDistribution = new URL('packages/frame/dist/', repositoryRoot);
const threePackage = new URL('node_modules/three/', repositoryRoot);

/**
 * A test host page for the widget frame. It embeds `/frame` exactly as the web client does, keeps
 * every message the frame posts in `window.received`, sizes the iframe from `height` reports and
 * answers bridge requests with `window.bridgeAnswer`. Like the web client, it answers the frame's first
 * `ready` with an `init` that transfers the private port links come on (their messages are received too).
 */
const hostPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>frame test host</title></head>
<body style="margin:0">
<iframe id="widget" sandbox="allow-scripts allow-forms" src="/frame" style="border:0;width:600px;height:120px;display:block"></iframe>
<script>
  const frame = document.getElementById('widget');
  window.received = [];
  window.heightReports = 0;
  window.bridgeAnswer = { ok: true, message: '' };
  window.sendToFrame = (message) => frame.contentWindow.postMessage(message, '*');
  let privatePort;
  const receive = (message) => {
    window.received.push(message);
    if (message.kind === 'height') {
      window.heightReports += 1;
      frame.style.height = message.px + 'px';
    }
    if (message.kind === 'prompt' || message.kind === 'link') {
      window.sendToFrame({ drawbridge: 1, op: 'bridge-reply', id: message.id, ...window.bridgeAnswer });
    }
  };
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    if (event.data?.kind === 'ready' && privatePort === undefined) {
      const channel = new MessageChannel();
      privatePort = channel.port1;
      privatePort.onmessage = (portEvent) => receive({ ...portEvent.data, viaPrivatePort: true });
      frame.contentWindow.postMessage({ drawbridge: 1, op: 'init', theme: 'light', height: 120 }, '*', [channel.port2]);
    }
    receive(event.data);
  });
</script>
</body></html>`;

export interface StaticTestServer {
  origin: string;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

async function serveFile(
  response: import('node:http').ServerResponse,
  file: URL,
  headers: Record<string, string>,
) {
  try {
    const contents = await readFile(file);
    const extension = file.pathname.slice(file.pathname.lastIndexOf('.'));
    response.writeHead(200, {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      ...headers,
    });
    response.end(contents);
  } catch {
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'not_found', message: 'No such file.' } }));
  }
}

/** Serves the host page, the built frame (runtime and kit) and three.js on 127.0.0.1, on a free port. */
export async function startStaticServer(): Promise<StaticTestServer> {
  const crossOrigin = { 'Access-Control-Allow-Origin': '*' };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/' || path === '/host.html') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(hostPage);
    } else if (path === '/frame') {
      void serveFile(response, new URL('frame.html', frameDistribution), {
        'Content-Security-Policy': frameContentSecurityPolicy(),
      });
    } else if (path === '/frame/runtime.js' || path === '/frame/kit.js') {
      void serveFile(response, new URL(path.slice('/frame/'.length), frameDistribution), crossOrigin);
    } else if (/^\/vendor\/three\/(build|examples\/jsm)\/[\w./-]+\.js$/.test(path) && !path.includes('..')) {
      void serveFile(response, new URL(path.slice('/vendor/three/'.length), threePackage), crossOrigin);
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'not_found', message: 'Nothing here.' } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
