import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../http/create-app.ts';
import { barChartScript, scriptedTestModel } from '../../models/testing/test-models.ts';
import { openSqliteStore } from '../../store/index.ts';
import { fixtureViewSources } from './fixture-view-sources.ts';

/**
 * The whole app on 127.0.0.1 and a free port, with stand-in view scripts; resolves to its `POST /mcp` URL.
 * Its teardown is pushed onto `cleanups`, for the test's `afterEach` to run.
 */
export async function startMcpTestApp({
  allowedHosts,
  cleanups,
}: {
  allowedHosts?: string[];
  cleanups: Array<() => Promise<void>>;
}): Promise<string> {
  const store = await openSqliteStore({ path: ':memory:' });
  const app = createApp({
    store,
    model: scriptedTestModel({ script: barChartScript() }),
    mcpViewSources: fixtureViewSources,
    logError: () => {},
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
  });
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}
