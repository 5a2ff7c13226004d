import { createMcpHandler } from '@modelcontextprotocol/server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { SignedInUser } from '../auth/signed-in-user.ts';
import { errorResponse } from '../http/http-error.ts';
import { createDrawbridgeMcpServer } from './drawbridge-mcp-server.ts';
import type { McpViewSources } from './mcp-view-sources.ts';

export interface McpServeRoutesOptions {
  viewSources: McpViewSources;
  /** Request bodies above this many bytes get 413, as on `/api/*`. */
  maxBodyBytes: number;
  logError: (message: string, error: unknown) => void;
  /** Whether a page of `origin` may call from a browser (CORS), for a request addressed to `host`. */
  allowsOrigin: (request: { origin: string; host: string }) => boolean;
  /**
   * Who a call acts for: its API token's owner, or `undefined` for an anonymous call, refused with 401.
   * Absent when the server needs no sign-in (the one local user on loopback): anyone may call.
   */
  identify?: (context: Context) => Promise<SignedInUser | undefined>;
}

/** What a browser MCP host sends: the SDK's Streamable HTTP transport's headers, and a bearer token. */
const allowedRequestHeaders = [
  'content-type',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
];

/**
 * `POST /mcp`: Drawbridge as an MCP App server over Streamable HTTP, stateless — every request gets a
 * fresh server from the SDK's handler, so nothing is kept between requests (GET and DELETE, the session
 * operations, are answered 405 by the SDK). It sits behind the app's request guard like every route, which
 * lets through a state-changing request from another origin only when `allowsOrigin` does. Pages of those
 * origins get CORS headers and their preflights answered; with sign-in on, every call but a preflight
 * needs an API token.
 */
export function createMcpServeRoutes({
  viewSources,
  maxBodyBytes,
  logError,
  allowsOrigin,
  identify,
}: McpServeRoutesOptions): Hono {
  const handler = createMcpHandler(() => createDrawbridgeMcpServer({ sources: viewSources }), {
    onerror: (error) => logError('MCP request failed', error),
  });
  const routes = new Hono();
  routes.use(
    '*',
    cors({
      origin: (origin, context) => {
        const host = context.req.header('host') ?? new URL(context.req.url).host;
        return origin !== '' && allowsOrigin({ origin, host }) ? origin : null;
      },
      allowMethods: ['GET', 'POST', 'DELETE'],
      allowHeaders: allowedRequestHeaders,
      // `www-authenticate` lets a browser client read why a call was refused.
      exposeHeaders: ['mcp-session-id', 'www-authenticate'],
      maxAge: 600,
    }),
  );
  if (identify !== undefined) {
    routes.use('*', async (context, next) => {
      if ((await identify(context)) !== undefined) return next();
      context.header('WWW-Authenticate', 'Bearer realm="drawbridge"');
      return errorResponse(
        context,
        401,
        'sign_in_required',
        'Calls to /mcp need an API token: Authorization: Bearer <token> (create one at POST /api/tokens).',
      );
    });
  }
  routes.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (context) =>
        errorResponse(context, 413, 'body_too_large', `Request bodies are limited to ${maxBodyBytes} bytes.`),
    }),
  );
  routes.all('/', (context) => handler.fetch(context.req.raw));
  return routes;
}
