import { frameContentSecurityPolicy } from '@drawbridge/frame';
import type { FrameRouteErrorCode } from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { createFileServer } from './create-file-server.ts';

export interface FrameRoutesOptions {
  /** `packages/frame/dist`: frame.html, runtime.js, three-bundle.js. */
  frameDistDirectory: string;
  /** The root of the installed `three` package. */
  threeDirectory: string;
}

/** three.js folders a widget may import from; the rest of the package (sources, docs) is not served. */
const servedThreeFolders = ['build/', 'examples/jsm/'];

const frameScripts = new Set(['runtime.js', 'three-bundle.js', 'kit.js']);

const refuse: ErrorResponder<FrameRouteErrorCode> = errorResponse;

/** The sandboxed frame's origin is `null`, so module scripts must be readable cross-origin. */
function scriptHeaders(cacheControl: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Cache-Control': cacheControl,
  };
}

function notBuilt(context: Context): Response {
  return refuse(context, 404, 'frame_not_built', 'The widget frame is not built yet; run `npm run build`.');
}

/**
 * The widget frame, mounted at the root: `GET /frame` (bootstrap document with its own CSP),
 * `GET /frame/runtime.js`, `GET /frame/kit.js`, `GET /frame/three-bundle.js` and `GET /vendor/three/*` from npm.
 */
export function createFrameRoutes({ frameDistDirectory, threeDirectory }: FrameRoutesOptions): Hono {
  const routes = new Hono();
  const frameDocument = createFileServer({ root: frameDistDirectory, fileName: 'frame.html' });
  const frameFiles = createFileServer({
    root: frameDistDirectory,
    pathInRoot: (path) => path.slice('/frame/'.length),
  });
  const threeFiles = createFileServer({
    root: threeDirectory,
    pathInRoot: (path) => path.slice('/vendor/three/'.length),
  });

  routes.get('/frame', async (context) => {
    const file = await frameDocument(context, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': frameContentSecurityPolicy(),
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-cache',
    });
    return file ?? notBuilt(context);
  });

  routes.get('/frame/:script', async (context) => {
    if (!frameScripts.has(context.req.param('script'))) {
      return refuse(context, 404, 'not_found', 'No such frame file.');
    }
    // Names are not content-hashed, so the browser revalidates after a rebuild.
    return (await frameFiles(context, scriptHeaders('no-cache'))) ?? notBuilt(context);
  });

  routes.get('/vendor/three/*', async (context) => {
    const requestPath = context.req.path.slice('/vendor/three/'.length);
    if (!servedThreeFolders.some((folder) => requestPath.startsWith(folder))) {
      return refuse(context, 404, 'not_found', 'Only three.js build/ and examples/jsm/ are served.');
    }
    // The version is pinned in package-lock.json, so a URL's content never changes while the server runs.
    const file = await threeFiles(context, scriptHeaders('public, max-age=31536000, immutable'));
    return file ?? refuse(context, 404, 'not_found', 'No such three.js file.');
  });

  return routes;
}
