import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { getMimeType } from 'hono/utils/mime';

/** A file read from disk, with the MIME type its extension implies. */
export interface ServedFile {
  contents: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/**
 * The absolute path of `requestPath` (URL-encoded, `/`-separated, relative) inside `root`, or `undefined`
 * when it is malformed or would leave `root` (encoded `..`, backslashes, NUL bytes, absolute paths).
 */
export function resolveWithin(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment === '')) return undefined;
  const absolute = resolve(root, ...segments);
  const fromRoot = relative(root, absolute);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) return undefined;
  return absolute;
}

/** Reads a regular file under `root`; `undefined` for a refused path, a folder, or a missing file. */
export async function readFileWithin(root: string, requestPath: string): Promise<ServedFile | undefined> {
  const absolute = resolveWithin(root, requestPath);
  if (absolute === undefined) return undefined;
  try {
    const details = await stat(absolute);
    if (!details.isFile()) return undefined;
    const contents = new Uint8Array(await readFile(absolute));
    return { contents, contentType: getMimeType(absolute) ?? 'application/octet-stream' };
  } catch {
    // A file that vanished or cannot be read is simply not served: the caller answers 404.
    return undefined;
  }
}
