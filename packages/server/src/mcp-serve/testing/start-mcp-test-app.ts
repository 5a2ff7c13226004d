import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { SignIn } from '../../auth/sign-in-guard.ts';
import { createApp } from '../../http/create-app.ts';
import { barChartScript, scriptedTestModel } from '../../models/testing/test-models.ts';
import { type OpenedDatabase, openStorage } from '../../store/index.ts';
import { fixtureViewSources } from './fixture-view-sources.ts';

export interface McpTestApp {
  /** The app's `POST /mcp` URL. */
  url: string;
  /** API tokens, for a test app started with `signInWith`. */
  signIn: SignIn | undefined;
}

/**
 * The whole app on 127.0.0.1 and a free port, with stand-in view scripts. `signInWith` builds a sign-in on
 * the app's own database (the CLI's `signInFor` fits). Its teardown is pushed onto `cleanups`, for the
 * test's `afterEach` to run.
 */
export async function startMcpTestApp({
  allowedHosts,
  mcpAllowedOrigins,
  signInWith,
  cleanups,
}: {
  allowedHosts?: string[];
  mcpAllowedOrigins?: string[];
  signInWith?: (database: OpenedDatabase) => SignIn;
  cleanups: Array<() => Promise<void>>;
}): Promise<McpTestApp> {
  const storage = await openStorage({ location: { dialect: 'sqlite', path: ':memory:' } });
  const signIn = signInWith?.(storage.database);
  const app = createApp({
    store: storage.store,
    model: scriptedTestModel({ script: barChartScript() }),
    mcpViewSources: fixtureViewSources,
    logError: () => {},
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(mcpAllowedOrigins === undefined ? {} : { mcpAllowedOrigins }),
    ...(signIn === undefined ? {} : { signIn }),
  });
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    );
  });
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await storage.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, signIn };
}
