import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';

export interface FileServerOptions {
  /** The folder files are served from; it may not exist yet (a build can create it while we run). */
  root: string;
  /** The file's path inside `root` for a (checked, decoded) request path; the request path by default. */
  pathInRoot?: (requestPath: string) => string;
  /** Serve this one file of `root` whatever the request path (a document, an SPA's index). */
  fileName?: string;
  /**
   * Serve a file's `.br` or `.gz` sibling, written at build time, to a client whose `Accept-Encoding`
   * takes it (with `Content-Encoding` and `Vary`), so nothing is compressed per request.
   */
  precompressed?: boolean;
}

/**
 * Answers a request with the file it names plus `headers`, or `undefined` when there is none to serve
 * (a refused path, a folder, a missing file), so the caller picks the fallback.
 */
export type FileServer = (context: Context, headers: Record<string, string>) => Promise<Response | undefined>;

/**
 * A file server over `@hono/node-server`'s `serveStatic`, which refuses `..`, `.` and empty segments,
 * backslashes and any `%` left after routing (so an encoded `..`, `/` or NUL never reaches the disk),
 * and streams the file with its MIME type, `Last-Modified`, `Content-Length` and byte ranges.
 */
export function createFileServer({
  root,
  pathInRoot = (path) => path,
  fileName,
  precompressed = false,
}: FileServerOptions): FileServer {
  // An empty root skips serveStatic's start-up warning for a folder that is not built yet; the rewrite
  // makes every path absolute under `root`, after serveStatic has checked the request path.
  const middleware =
    fileName === undefined
      ? serveStatic({
          root: '',
          precompressed,
          rewriteRequestPath: (requestPath) => join(root, pathInRoot(requestPath)),
        })
      : serveStatic({ root: '', precompressed, path: join(root, fileName) });
  return async (context, headers) => {
    let missing = false;
    const response = await middleware(context, async () => {
      missing = true;
    });
    if (missing || response === undefined) return undefined;
    // serveStatic calls onFound after building its response, so headers set there are lost: they go
    // onto the response itself.
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}
