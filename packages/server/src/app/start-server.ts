import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { buildAgentProfiles } from '../agents/build-agent-profiles.ts';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import { parseAuthSettings } from '../auth/auth-settings.ts';
import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { resolveModel } from '../models/index.ts';
import { defaultEventStreamLimits, type EventStreamLimits } from '../run/event-stream-sink.ts';
import { databaseLocationFromEnvironment, openStorage, type Storage } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { answerClientError } from './answer-client-error.ts';
import {
  connectionCap,
  connectionsCheckingIntervalMs,
  defaultHeadersTimeoutMs,
  defaultRequestTimeoutMs,
} from './connection-limits.ts';
import { type AppDependencies, createApp, type ServedModel } from './create-app.ts';
import { createNodeFetch } from './create-node-fetch.ts';
import { parseAllowedHosts } from './request-guard/host-allowlist.ts';
import { parseRetentionDays, startRetentionSweeper } from './retention-sweeper.ts';
import { RunRegistry } from './run-registry.ts';
import { ServerShutdown } from './server-shutdown.ts';
import { signInFor } from './sign-in-for.ts';

export interface StartServerOptions
  extends Partial<Omit<AppDependencies, 'store' | 'model' | 'systemPrompt' | 'runs'>> {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the model and database settings come from; default `process.env`. */
  env?: Environment;
  /**
   * Default: the database `DRAWBRIDGE_DATABASE_URL` names (PostgreSQL), else the SQLite file at
   * `defaultDatabasePath(env)`; migrated before the server listens and closed with it.
   */
  store?: Store;
  /** Default: `resolveModel(env)`, which throws `ModelConfigError` for a broken configuration. */
  model?: ServedModel;
  systemPrompt?: string;
  /** How long a client may take to send its headers; default 10 s. */
  headersTimeoutMs?: number;
  /** How long a client may take to send its whole request (not to read the answer); default 30 s. */
  requestTimeoutMs?: number;
  /** Connections held at once; default `DRAWBRIDGE_MAX_CONNECTIONS` or what the open-file limit allows. */
  maxConnections?: number;
  /** How far one run stream's client may fall behind before it is dropped; default `defaultEventStreamLimits`. */
  streamLimits?: Partial<EventStreamLimits>;
}

type Environment = Record<string, string | undefined>;

export interface RunningServer {
  url: string;
  model: ServedModel;
  /**
   * Stops accepting connections and runs, lets running runs finish for `graceMs` (default 0), ends the rest
   * with a final `RUN_ERROR`, waits for their last writes and closes an owned database.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

export const defaultPort = 8787;
export const defaultHost = '127.0.0.1';

function urlFor(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * A caller that brings its own system prompt (tests, benchmarks) gets one agent with exactly its tools;
 * otherwise the skills in `skills/` (or `DRAWBRIDGE_SKILLS_DIR`) are loaded, with the widget prompt read only then.
 */
async function defaultProfiles(
  options: StartServerOptions,
  {
    bridge,
    store,
    telemetry,
    env,
  }: { bridge: ClientToolBridge; store: Store; telemetry: TelemetryStore; env: Environment },
): Promise<AgentProfiles> {
  if (options.systemPrompt !== undefined) {
    return singleAgentProfiles({ system: options.systemPrompt, tools: options.tools ?? [] });
  }
  const { loadWidgetSystemPrompt } = await import('../prompts/widget-system-prompt.ts');
  const timeout = Number(env.DRAWBRIDGE_TOOL_TIMEOUT_MS);
  return buildAgentProfiles({
    widgetSystemPrompt: loadWidgetSystemPrompt(),
    bridge,
    metricSources: { store, telemetry },
    ...(Number.isFinite(timeout) && timeout > 0 ? { toolTimeoutMs: timeout } : {}),
    ...(env.DRAWBRIDGE_SKILLS_DIR ? { skillsDirectory: env.DRAWBRIDGE_SKILLS_DIR } : {}),
  });
}

/** Starts the app on Node's HTTP server; resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    port = defaultPort,
    host = defaultHost,
    env = process.env,
    headersTimeoutMs = defaultHeadersTimeoutMs,
    requestTimeoutMs = defaultRequestTimeoutMs,
    maxConnections = connectionCap(env.DRAWBRIDGE_MAX_CONNECTIONS),
    streamLimits,
    ...rest
  } = options;
  const model = options.model ?? resolveModel(env);
  const retentionDays = parseRetentionDays(env.DRAWBRIDGE_RETENTION_DAYS);
  // Before anything opens: a server bound beyond loopback without sign-in must not start at all.
  const authSettings = parseAuthSettings({ env, host });
  // Audit log and widget events live beside an owned store; a caller's own store gets a private memory log.
  const storage: Storage | undefined =
    options.store === undefined || options.telemetry === undefined
      ? await openStorage({
          location:
            options.store === undefined
              ? databaseLocationFromEnvironment(env)
              : { dialect: 'sqlite', path: ':memory:' },
        })
      : undefined;
  const store = options.store ?? storage!.store;
  const telemetry = options.telemetry ?? storage!.telemetry;
  const runs = new RunRegistry();
  const shutdown = new ServerShutdown();
  const bridge = options.bridge ?? new InMemoryClientToolBridge();
  let server: Server;
  try {
    const profiles = options.profiles ?? (await defaultProfiles(options, { bridge, store, telemetry, env }));
    const allowedHosts = options.allowedHosts ?? parseAllowedHosts(env.DRAWBRIDGE_ALLOWED_HOSTS);
    const signIn = options.signIn ?? signInFor({ settings: authSettings, database: storage?.database });
    const app = createApp({
      ...rest,
      store,
      model,
      profiles,
      telemetry,
      bridge,
      runs,
      allowedHosts,
      signIn,
      shutdown,
    });
    server = await new Promise<Server>((resolve, reject) => {
      const serverOptions = {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        connectionsCheckingInterval: connectionsCheckingIntervalMs,
      };
      const fetch = createNodeFetch({
        fetch: (request, bindings) => app.fetch(request, bindings),
        limits: { ...defaultEventStreamLimits, ...streamLimits },
      });
      const started = serve({ fetch, port, hostname: host, serverOptions }, () => resolve(started as Server));
      started.once('error', reject);
    });
  } catch (error) {
    // Nothing is served (a broken skill file, a port in use): the database opened for it closes too.
    await storage?.close();
    throw error;
  }
  server.on('clientError', answerClientError);
  // Only storage this server opened is swept; a caller's own store keeps what the caller decides.
  const retention =
    storage === undefined
      ? undefined
      : startRetentionSweeper({
          store: storage.store,
          telemetry: storage.telemetry,
          retentionDays,
          clock: () => new Date(),
          reportError:
            options.logError ?? ((message, error) => console.error(`[drawbridge] ${message}:`, error)),
        });
  server.maxConnections = maxConnections;
  const address = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = async (graceMs: number) => {
    shutdown.drain();
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const endRuns = setTimeout(() => shutdown.endRuns(), graceMs);
    if (graceMs <= 0) shutdown.endRuns();
    await runs.settled();
    clearTimeout(endRuns);
    // Each run wrote its last event and ended its response; what is left are idle or never-reading sockets.
    await new Promise((resolve) => setImmediate(resolve));
    server.closeAllConnections();
    await serverClosed;
    retention?.stop();
    await storage?.close();
  };
  return {
    url: urlFor(host, address.port),
    model,
    close: ({ graceMs = 0 } = {}) => {
      closing ??= close(graceMs);
      return closing;
    },
  };
}
