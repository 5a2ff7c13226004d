/**
 * Where the browser reaches the Drawbridge server: the `basePath` it is mounted at (`/ai`), or a whole URL
 * (`https://assistant.example.com/ai`); `''`, the default, is the page's own origin at its root.
 */
export interface ServerLocation {
  baseUrl?: string;
}

/** `path` (`/api/threads`, `/frame`) under `baseUrl`. */
export function apiUrl(baseUrl: string | undefined, path: string): string {
  return `${(baseUrl ?? '').replace(/\/+$/, '')}${path}`;
}
