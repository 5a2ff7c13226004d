import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../http-error.ts';
import { isJsonMediaType } from '../is-json-media-type.ts';
import { isAllowedHost, splitAuthority } from './host-allowlist.ts';

/** Methods a browser sends cross-site without a preflight only for "simple" requests; all of them change state here. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request carries a body. On the wire that is what its framing headers say; a `Request` built
 * in process (another runtime, `app.request()` in tests) may have a body stream without them. The Node
 * adapter gives every request but GET/HEAD a body stream, empty or not, so only the headers count there.
 */
function hasBody(
  request: { header(name: string): string | undefined; raw: Request },
  onTheWire: boolean,
): boolean {
  const length = request.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  if (request.header('transfer-encoding') !== undefined) return true;
  return !onTheWire && request.raw.body !== null;
}

/** The request target as it arrived on the wire, when the Node adapter exposes it. */
function rawRequestTarget(environment: unknown): string | undefined {
  if (typeof environment !== 'object' || environment === null || !('incoming' in environment))
    return undefined;
  const incoming = (environment as { incoming?: { url?: unknown } }).incoming;
  return typeof incoming?.url === 'string' ? incoming.url : undefined;
}

/** The `host:port` an `Origin` header names, or undefined for `null`, opaque or non-web origins. */
function originAuthority(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.host;
  } catch {
    return undefined;
  }
}

/** A state-changing request from another origin, which the guard refuses unless its option lets it through. */
export interface CrossOriginRequest {
  path: string;
  origin: string;
  /** The request's `Host`. */
  host: string;
}

/**
 * Refuses requests that could only come from a confused browser or a rebinding DNS name, before any
 * route runs: an absolute-form request target, a `Host` outside the allowlist, a state-changing request
 * whose `Origin` is another origin (or `null`, as a sandboxed widget's is) unless `allowsCrossOrigin` says
 * yes to it (CORS on `/mcp`), and a state-changing API request whose body is not declared JSON (the only
 * bodies a cross-site page can send without a CORS preflight are form-encoded or plain text). A request
 * without `Origin` comes from a non-browser client and is judged by authentication alone.
 */
export function createRequestGuard({
  allowedHosts,
  allowsCrossOrigin = () => false,
  allowsRawBody = () => false,
}: {
  allowedHosts: readonly string[];
  allowsCrossOrigin?: (request: CrossOriginRequest) => boolean;
  /**
   * A state-changing API request whose body is not JSON that a route takes as it is (a file upload); only
   * for a media type that no cross-site page can send without a CORS preflight.
   */
  allowsRawBody?: (request: { path: string; contentType: string | undefined }) => boolean;
}): MiddlewareHandler {
  return async (context, next) => {
    const target = rawRequestTarget(context.env);
    if (target !== undefined && !target.startsWith('/') && target !== '*') {
      return errorResponse(
        context,
        400,
        'absolute_form_refused',
        'Requests must name a path, not an absolute URL; this server is not a proxy.',
      );
    }
    const host = context.req.header('host') ?? new URL(context.req.url).host;
    if (!isAllowedHost(host, allowedHosts)) {
      return errorResponse(
        context,
        403,
        'host_not_allowed',
        `This server does not answer to the host "${splitAuthority(host).name}"; add it to DRAWBRIDGE_ALLOWED_HOSTS.`,
      );
    }
    if (safeMethods.has(context.req.method)) return next();

    const origin = context.req.header('origin');
    if (origin !== undefined) {
      const authority = originAuthority(origin);
      const sameOrigin = authority !== undefined && authority.toLowerCase() === host.trim().toLowerCase();
      if (!sameOrigin && !allowsCrossOrigin({ path: context.req.path, origin, host })) {
        return errorResponse(
          context,
          403,
          'origin_not_allowed',
          'A state-changing request from another origin is refused.',
        );
      }
    }
    if (
      context.req.path.startsWith('/api/') &&
      hasBody(context.req, target !== undefined) &&
      !isJsonMediaType(context.req.header('content-type')) &&
      !allowsRawBody({
        path: context.req.path,
        contentType: context.req.header('content-type')?.split(';')[0]?.trim().toLowerCase(),
      })
    ) {
      return errorResponse(
        context,
        415,
        'unsupported_media_type',
        'Send request bodies as application/json.',
      );
    }
    return next();
  };
}
