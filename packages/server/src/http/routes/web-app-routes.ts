import { type Context, Hono } from 'hono';
import { createFileServer } from './create-file-server.ts';

/**
 * The chat page's own policy: strict, because widgets never run in it (they run in `/frame`). `frameSources`
 * adds origins the page may frame besides its own: the MCP Apps sandbox origin (docs/mcp-apps.md).
 */
export function pageContentSecurityPolicyFor({
  frameSources = [],
}: {
  frameSources?: readonly string[];
} = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // No remote images: an image URL a model chose can carry what it read to any server. A remote image
    // the user asks for loads inside the sandboxed /frame/image document instead.
    "img-src 'self' data: blob:",
    ["frame-src 'self'", ...frameSources].join(' '),
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const pageContentSecurityPolicy = pageContentSecurityPolicyFor();

const placeholderPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Drawbridge</title></head>
<body>
<h1>Drawbridge</h1>
<p>The server is running, but the web app is not built yet. Run <code>npm run build</code>, then reload.</p>
<p>The API is available: <a href="/api/health">/api/health</a>.</p>
</body>
</html>
`;

/** Paths the page never falls back for: a missing API route, frame file or shared page must be a 404, not the app. */
const reservedPrefixes = ['/api/', '/frame/', '/vendor/', '/share/'];

function isReserved(path: string): boolean {
  return reservedPrefixes.some((prefix) => path.startsWith(prefix)) || path === '/api' || path === '/frame';
}

/** Origins a page at `host` may frame besides its own (the MCP Apps sandbox origin), per request. */
export type PageFrameSources = (host: string) => readonly string[];

/**
 * The built web app from `webDistDirectory`: its files, and `index.html` for any other page path
 * (the app routes on the client). Without a build (or without the app), a placeholder page says how to make one.
 */
export function createWebAppRoutes({
  webDistDirectory,
  frameSources,
}: {
  webDistDirectory: string | undefined;
  frameSources?: PageFrameSources;
}): Hono {
  const routes = new Hono();
  const pageHeaders = (context: Context, cacheControl: string): Record<string, string> => ({
    'Content-Security-Policy':
      frameSources === undefined
        ? pageContentSecurityPolicy
        : pageContentSecurityPolicyFor({ frameSources: frameSources(context.req.header('host') ?? '') }),
    'Cache-Control': cacheControl,
  });
  if (webDistDirectory === undefined) {
    routes.get('*', (context, next) =>
      isReserved(context.req.path) || /\.[A-Za-z0-9]+$/.test(context.req.path)
        ? next()
        : placeholderResponse(context, pageHeaders(context, 'no-cache')),
    );
    return routes;
  }
  const appFiles = createFileServer({ root: webDistDirectory });
  // The build writes a `.br` and `.gz` beside each hashed asset; only those are served compressed.
  const hashedAssets = createFileServer({ root: webDistDirectory, precompressed: true });
  const indexPage = createFileServer({ root: webDistDirectory, fileName: 'index.html' });

  routes.get('*', async (context, next) => {
    const path = context.req.path;
    if (isReserved(path)) return next();
    // Vite content-hashes everything under assets/, so those URLs never change meaning. Their encoding
    // follows Accept-Encoding, so every answer (compressed or not) says so to caches.
    const file = path.startsWith('/assets/')
      ? await hashedAssets(context, {
          ...pageHeaders(context, 'public, max-age=31536000, immutable'),
          Vary: 'Accept-Encoding',
        })
      : await appFiles(context, pageHeaders(context, 'no-cache'));
    if (file !== undefined) return file;
    // A missing script or image must fail as itself, not arrive as the HTML of the app.
    if (/\.[A-Za-z0-9]+$/.test(path)) return next();
    const index = await indexPage(context, pageHeaders(context, 'no-cache'));
    return index ?? placeholderResponse(context, pageHeaders(context, 'no-cache'));
  });

  return routes;
}

function placeholderResponse(context: Context, headers: Record<string, string>): Response {
  return context.body(placeholderPage, 200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
}
