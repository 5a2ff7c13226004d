import { isLoopbackAddress } from '../auth/is-loopback-address.ts';
import { splitAuthority } from '../http/request-guard/host-allowlist.ts';

/**
 * Whether a page of `origin` may call `POST /mcp` from a browser (CORS): one of `allowedOrigins`
 * (`DRAWBRIDGE_MCP_ALLOWED_ORIGINS`, lower-cased), or any loopback origin while the request is addressed to a
 * loopback name — a browser MCP host on this machine beside a Drawbridge on this machine. `Origin: null` (a
 * sandboxed frame, a `file:` page) never may.
 */
export function mcpOriginAllowed({
  origin,
  host,
  allowedOrigins,
}: {
  origin: string;
  /** The request's `Host`. */
  host: string;
  allowedOrigins: readonly string[];
}): boolean {
  const lowered = origin.trim().toLowerCase();
  if (allowedOrigins.includes(lowered)) return true;
  if (!URL.canParse(lowered)) return false;
  const url = new URL(lowered);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return isLoopbackAddress(url.hostname) && isLoopbackAddress(splitAuthority(host).name);
}
