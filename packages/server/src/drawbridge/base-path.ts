/**
 * A mount point as given (`/ai`, `/api/assistant/`, `''`), normalised: a leading slash, no trailing one, and
 * `''` for the root. Throws a `TypeError` for one that is not a plain path.
 */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed === '') return '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (!/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(withSlash)) {
    throw new TypeError(`basePath must be a URL path such as /ai (got ${JSON.stringify(basePath)}).`);
  }
  return withSlash;
}

/**
 * The path below `basePath` (`/frame` for `/ai/frame`, `/` for `/ai`), or undefined for a path outside it
 * (`/aim`, `/frame`).
 */
export function pathBelow(basePath: string, path: string): string | undefined {
  if (basePath === '') return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
}
