import { standaloneContentSecurityPolicy } from '@drawbridge/frame';
import type { ShareRouteErrorCode } from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { accepts } from 'hono/accepts';
import { shareTokenDigest, shareTokenPattern } from '../../shares/share-token.ts';
import { sharedPageHtml } from '../../shares/shared-page-html.ts';
import type { Store } from '../../store/store.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import type { StandaloneRenderer } from './thread-routes.ts';

const refuse: ErrorResponder<ShareRouteErrorCode> = errorResponse;

/**
 * The shared page's policy: the exported chat's own (scripts inline only, nothing fetched, no forms sent),
 * as a header, which every widget's `srcdoc` frame inherits, plus what only a header can say: the page
 * itself runs in an opaque origin, and no other site may frame it.
 */
const sharedPagePolicy = `${standaloneContentSecurityPolicy}; frame-ancestors 'none'; sandbox allow-scripts allow-forms`;

const headers = {
  'Content-Security-Policy': sharedPagePolicy,
  // A revoked link must stop showing at once, and a shared chat is nobody's to keep in a cache.
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

const notFoundPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found</title>
<style>body{margin:0;font:15px/1.55 system-ui,sans-serif;background:#f7f7fb;color:#16181d}main{max-width:520px;margin:15vh auto;padding:0 16px}@media (prefers-color-scheme:dark){body{background:#131419;color:#e8e9ef}}</style>
</head>
<body>
<main>
<h1>This link does not exist</h1>
<p>It may have been revoked by the person who shared it, or its chat was deleted.</p>
</main>
</body>
</html>
`;

/** `404 share_not_found`: a page for a browser, the API's error body for anything else. */
function shareNotFound(context: Context): Response {
  const wantsPage =
    accepts(context, {
      header: 'Accept',
      supports: ['application/json', 'text/html'],
      default: 'application/json',
    }) === 'text/html';
  if (wantsPage) {
    return context.body(notFoundPage, 404, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
  }
  return refuse(context, 404, 'share_not_found', 'This link does not exist: it was revoked, or never made.');
}

/**
 * `GET /share/:token`, for anyone who holds the link, signed in or not: the read-only copy the link keeps,
 * one HTML page whose widgets run in sandboxed frames. An unknown or revoked token is `404 share_not_found`.
 */
export function createSharedPageRoutes({
  store,
  standalone,
}: {
  store: Store;
  standalone: StandaloneRenderer;
}): Hono {
  const routes = new Hono();
  routes.get('/share/:token', async (context) => {
    const token = context.req.param('token');
    const found = shareTokenPattern.test(token) ? await store.findShare(shareTokenDigest(token)) : undefined;
    if (found === undefined) return shareNotFound(context);
    const html = await sharedPageHtml({ store, standalone, ...found });
    return context.body(html, 200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
  });
  return routes;
}
