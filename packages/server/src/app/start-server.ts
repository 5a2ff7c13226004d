import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { resolveModel } from '../models/index.ts';
import { defaultDatabasePath, openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { type AppDependencies, createApp, type ServedModel } from './create-app.ts';
import { RunRegistry } from './run-registry.ts';

export interface StartServerOptions
  extends Partial<Omit<AppDependencies, 'store' | 'model' | 'systemPrompt' | 'runs'>> {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the model and database settings come from; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Default: the SQLite store at `defaultDatabasePath(env)`, closed with the server. */
  store?: Store;
  /** Default: `resolveModel(env)`, which throws `ModelConfigError` for a broken configuration. */
  model?: ServedModel;
  systemPrompt?: string;
}

export interface RunningServer {
  url: string;
  model: ServedModel;
  /** Stops accepting connections, cancels open runs, waits for their last writes, closes an owned store. */
  close(): Promise<void>;
}

export const defaultPort = 8787;
export const defaultHost = '127.0.0.1';

function urlFor(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** Starts the app on Node's HTTP server; resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = defaultPort, host = defaultHost, env = process.env, ...rest } = options;
  const model = options.model ?? resolveModel(env);
  const ownsStore = options.store === undefined;
  const store = options.store ?? openSqliteStore({ path: defaultDatabasePath(env) });
  const runs = new RunRegistry();
  // Loaded only when needed, so tests and benchmarks that bring their own prompt never read the prompt file.
  const systemPrompt =
    options.systemPrompt ?? (await import('../prompts/widget-system-prompt.ts')).loadWidgetSystemPrompt();
  const app = createApp({
    ...rest,
    store,
    model,
    systemPrompt,
    runs,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(started as Server));
    started.once('error', reject);
  });
  const address = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = async () => {
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Streaming responses keep their sockets open; dropping them fires each run's abort signal.
    server.closeAllConnections();
    await serverClosed;
    await runs.settled();
    if (ownsStore) await store.close();
  };
  return {
    url: urlFor(host, address.port),
    model,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
