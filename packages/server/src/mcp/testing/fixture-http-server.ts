import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { createFixtureMcpServer } from './fixture-mcp-server.ts';

/** The fixture server over Streamable HTTP on a free loopback port (stateless: one server per request). */
export async function startFixtureHttpServer({ requiredHeader }: { requiredHeader?: [string, string] } = {}) {
  const server = await new Promise<Server>((resolve) => {
    const started = serve(
      {
        port: 0,
        hostname: '127.0.0.1',
        fetch: async (request) => {
          if (requiredHeader && request.headers.get(requiredHeader[0]) !== requiredHeader[1]) {
            return new Response('unauthorized', { status: 401 });
          }
          const mcp = createFixtureMcpServer();
          const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
          await mcp.connect(transport);
          return transport.handleRequest(request);
        },
      },
      () => resolve(started as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
