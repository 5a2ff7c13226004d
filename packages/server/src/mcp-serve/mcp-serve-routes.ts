import { createMcpHandler } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from '../http/http-error.ts';
import { createDrawbridgeMcpServer } from './drawbridge-mcp-server.ts';
import type { McpViewSources } from './mcp-view-sources.ts';

export interface McpServeRoutesOptions {
  viewSources: McpViewSources;
  /** Request bodies above this many bytes get 413, as on `/api/*`. */
  maxBodyBytes: number;
  logError: (message: string, error: unknown) => void;
}

/**
 * `POST /mcp`: Drawbridge as an MCP App server over Streamable HTTP, stateless — every request gets a
 * fresh server from the SDK's handler, so nothing is kept between requests (GET and DELETE, the session
 * operations, are answered 405 by the SDK). It sits behind the app's request guard like every route.
 */
export function createMcpServeRoutes({ viewSources, maxBodyBytes, logError }: McpServeRoutesOptions): Hono {
  const handler = createMcpHandler(() => createDrawbridgeMcpServer({ sources: viewSources }), {
    onerror: (error) => logError('MCP request failed', error),
  });
  const routes = new Hono();
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
