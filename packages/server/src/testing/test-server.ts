import type { DrawbridgeConfigInput } from '../config/drawbridge-config-schema.ts';
import { parseConfig } from '../config/parse-config.ts';
import type { ServedModel } from '../http/create-app.ts';
import { type StartServerOptions, startServer } from '../node-server/start-server.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';

export interface TestServer {
  url: string;
  port: number;
  store: Store;
  close(): Promise<void>;
}

/** The real server on a free loopback port with an in-memory store; quiet unless a test asks for errors. */
export async function startTestServer({
  config = {},
  ...options
}: {
  model: ServedModel;
  /** Settings the test changes; the port is always a free one on loopback. */
  config?: DrawbridgeConfigInput;
} & Omit<StartServerOptions, 'model' | 'store' | 'config'>): Promise<TestServer> {
  const store = await openSqliteStore({ path: ':memory:' });
  const server = await startServer({
    systemPrompt: 'You are a test agent.',
    logError: () => {},
    ...options,
    config: parseConfig({ ...config, server: { ...config.server, port: 0, host: '127.0.0.1' } }),
    store,
  });
  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    store,
    close: async () => {
      await server.close();
      await store.close();
    },
  };
}
