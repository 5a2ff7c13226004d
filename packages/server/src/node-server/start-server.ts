import { randomUUID } from 'node:crypto';
import { exposedWithoutSignIn } from '../config/auth-config-schema.ts';
import { ConfigError } from '../config/config-error.ts';
import { describeConfigIssue } from '../config/config-problem.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { configPathNames, parseConfig } from '../config/parse-config.ts';
import { type AppDependencies, createApp, type ServedModel } from '../http/create-app.ts';
import { AsyncDisposableStack } from '../lifecycle/async-disposable-stack.ts';
import type { McpServers } from '../mcp/mcp-servers.ts';
import { startSandboxServer } from '../mcp/sandbox-server.ts';
import { resolveModel } from '../models/index.ts';
import { startInterruptedRunSweeper } from '../runs/interrupted-run-sweeper.ts';
import { openRunBackplane } from '../runs/open-run-backplane.ts';
import { RunRegistry } from '../runs/run-registry.ts';
import { RunSupervisor } from '../runs/run-supervisor.ts';
import { openStorage } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import type { EventStreamLimits } from '../transport/event-stream-sink.ts';
import { defaultAppPaths } from './app-paths.ts';
import { connectionCap, defaultHeadersTimeoutMs, defaultRequestTimeoutMs } from './connection-limits.ts';
import { defaultAgentProfiles } from './default-agent-profiles.ts';
import { listenHttpServer } from './listen-http-server.ts';
import { startRetentionSweeper } from './retention-sweeper.ts';
import { ServerShutdown } from './server-shutdown.ts';
import { signInFor } from './sign-in-for.ts';
import { startConfiguredMcpServers } from './start-configured-mcp-servers.ts';
import { stopServing } from './stop-serving.ts';

export interface StartServerOptions
  extends Partial<
    Omit<
      AppDependencies,
      | 'store'
      | 'model'
      | 'systemPrompt'
      | 'runs'
      | 'runLog'
      | 'runSupervisor'
      | 'allowedHosts'
      | 'autoRepair'
      | 'mcpAllowedOrigins'
    >
  > {
  /** Every setting (port, host, model, database, sign-in, …); default `parseConfig({})`, every default. */
  config?: DrawbridgeConfig;
  /**
   * Default: the database `config.store` names (PostgreSQL, or the SQLite file); migrated before the server
   * listens and closed with it.
   */
  store?: Store;
  /** Default: `resolveModel(config.model)`, which throws `ModelConfigError` for a replay file it cannot play. */
  model?: ServedModel;
  systemPrompt?: string;
  /** How long a client may take to send its headers; default 10 s. */
  headersTimeoutMs?: number;
  /** How long a client may take to send its whole request (not to read the answer); default 30 s. */
  requestTimeoutMs?: number;
  /** How far one run stream's client may fall behind before it is dropped; default `defaultEventStreamLimits`. */
  streamLimits?: Partial<EventStreamLimits>;
  /**
   * Connected MCP servers (a caller's own, left open at close); default: the servers `config.mcp.configFile`
   * names, connected before the server listens and closed with it.
   */
  mcpServers?: McpServers;
}

export interface RunningServer {
  url: string;
  model: ServedModel;
  /**
   * Stops accepting connections and runs, lets running runs finish for `graceMs` (default 0), ends the rest
   * with a final `RUN_ERROR` `interrupted`, waits for their last writes and closes what the server opened.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Starts the app on Node's HTTP server; resolves once it listens. Everything it opens joins one stack and is
 * closed in reverse order — at `close()`, or at once when the start fails (a port in use, a broken skill file):
 * the listener before the sandbox and MCP servers, those before the run sweeper, the backplane and the database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    config = parseConfig(),
    headersTimeoutMs = defaultHeadersTimeoutMs,
    requestTimeoutMs = defaultRequestTimeoutMs,
    streamLimits,
    ...rest
  } = options;
  const { port, host, allowedHosts } = config.server;
  // Parsing refuses this already; a configuration put together by hand must not get past it either.
  const exposed = exposedWithoutSignIn({ host, auth: config.auth });
  if (exposed !== undefined)
    throw new ConfigError({ problems: [describeConfigIssue(exposed, configPathNames)] });
  const model = options.model ?? resolveModel(config.model);
  const logError = options.logError ?? ((message, error) => console.error(`[drawbridge] ${message}:`, error));
  const clock = options.clock ?? (() => new Date());

  // Disposed here if anything below throws; moved out to `close` once the server listens.
  await using opening = new AsyncDisposableStack();
  // Audit log and widget events live beside an owned store; a caller's own store gets a private memory log.
  const storage =
    options.store === undefined || options.telemetry === undefined
      ? opening.adopt(
          await openStorage({
            location:
              options.store === undefined ? config.store.location : { dialect: 'sqlite', path: ':memory:' },
          }),
          (owned) => owned.close(),
        )
      : undefined;
  const store = options.store ?? storage!.store;
  const telemetry = options.telemetry ?? storage!.telemetry;
  const backplane = opening.adopt(
    await openRunBackplane({
      redisUrl: config.redis.url,
      instanceId: randomUUID(),
      store,
      leaseMs: config.runs.leaseMs,
      clock,
      logError,
    }),
    (opened) => opened.close(),
  );
  const { runLog, runSignals, runLeases } = backplane;
  const runs = new RunRegistry();
  const supervisor = new RunSupervisor({
    leases: runLeases,
    log: runLog,
    signals: runSignals,
    runTimeoutMs: config.runs.timeoutMs,
    logError,
    runs,
  });
  const sweeper = opening.adopt(
    startInterruptedRunSweeper({
      store,
      leases: runLeases,
      log: runLog,
      clock,
      intervalMs: config.runs.leaseMs / 3,
      // Without Redis there is one instance, which owns every run in its database: what is still running
      // was left by a process that died. With Redis, other instances may be executing theirs.
      interruptAllAtStart: !backplane.shared,
      logError,
    }),
    (started) => started.stop(),
  );
  await sweeper.started;
  // A caller's own MCP servers stay open at close; the configured ones are this server's.
  const mcpServers =
    options.mcpServers ??
    opening.adopt(await startConfiguredMcpServers({ configFile: config.mcp.configFile, store }), (started) =>
      started.close(),
    );
  const bridge = options.bridge ?? backplane.bridge;
  const profiles =
    options.profiles ??
    (await defaultAgentProfiles({
      systemPrompt: options.systemPrompt,
      tools: options.tools,
      bridge,
      store,
      telemetry,
      config,
      mcpServers,
    }));
  const signIn = options.signIn ?? signInFor({ settings: config.auth, database: storage?.database });
  const sandboxServer = opening.adopt(
    await startSandboxServer({
      host,
      port: config.mcp.sandboxPort,
      frameDistDirectory: rest.paths?.frameDistDirectory ?? defaultAppPaths().frameDistDirectory,
      allowedHosts,
    }),
    (started) => started.close(),
  );
  const shutdown = new ServerShutdown();
  const app = createApp({
    ...rest,
    store,
    model,
    profiles,
    telemetry,
    bridge,
    runs,
    runLog,
    runSupervisor: supervisor,
    allowedHosts,
    clock,
    logError,
    mcp: {
      servers: mcpServers,
      sandbox: {
        port: sandboxServer.port,
        ...(config.mcp.sandboxOrigin === undefined ? {} : { origin: config.mcp.sandboxOrigin }),
      },
    },
    signIn,
    shutdown,
    autoRepair: config.runs.autoRepair,
    mcpAllowedOrigins: config.mcp.allowedOrigins,
  });
  const { server, url } = await listenHttpServer({
    fetch: (request, bindings) => app.fetch(request, bindings),
    port,
    host,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections: connectionCap(config.server.maxConnections),
    streamLimits,
  });
  let graceMs = 0;
  opening.defer(() => stopServing({ server, shutdown, runs, supervisor, graceMs }));
  // Only storage this server opened is swept; a caller's own store keeps what the caller decides.
  if (storage !== undefined) {
    opening.adopt(
      startRetentionSweeper({
        store: storage.store,
        telemetry: storage.telemetry,
        retentionDays: config.store.retentionDays,
        runEventRetentionMs: runLog.retentionMs,
        clock: () => new Date(),
        reportError: logError,
      }),
      (started) => started.stop(),
    );
  }

  const resources = opening.move();
  let closing: Promise<void> | undefined;
  return {
    url,
    model,
    close: ({ graceMs: grace = 0 } = {}) => {
      // The first call decides the grace; a second one waits for the same close.
      if (closing === undefined) {
        graceMs = grace;
        closing = resources.disposeAsync();
      }
      return closing;
    },
  };
}
