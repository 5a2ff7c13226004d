import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { buildAgentProfiles } from '../agents/build-agent-profiles.ts';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import { drawbridgeVersion } from '../cli/drawbridge-version.ts';
import { exposedWithoutSignIn } from '../config/auth-config-schema.ts';
import { ConfigError } from '../config/config-error.ts';
import { describeConfigIssue } from '../config/config-problem.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { configPathNames, parseConfig } from '../config/parse-config.ts';
import { answerClientError } from '../http/answer-client-error.ts';
import { type AppDependencies, createApp, type ServedModel } from '../http/create-app.ts';
import { readMcpConfig } from '../mcp/mcp-config.ts';
import { McpServers } from '../mcp/mcp-servers.ts';
import { type RunningSandboxServer, startSandboxServer } from '../mcp/sandbox-server.ts';
import { storeMcpViewCall } from '../mcp/store-mcp-view-call.ts';
import { resolveModel } from '../models/index.ts';
import { startInterruptedRunSweeper } from '../runs/interrupted-run-sweeper.ts';
import { openRunBackplane, type RunBackplane } from '../runs/open-run-backplane.ts';
import { RunRegistry } from '../runs/run-registry.ts';
import { RunSupervisor } from '../runs/run-supervisor.ts';
import { openStorage, type Storage } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { createNodeFetch } from '../transport/create-node-fetch.ts';
import { defaultEventStreamLimits, type EventStreamLimits } from '../transport/event-stream-sink.ts';
import { defaultAppPaths } from './app-paths.ts';
import {
  connectionCap,
  connectionsCheckingIntervalMs,
  defaultHeadersTimeoutMs,
  defaultRequestTimeoutMs,
} from './connection-limits.ts';
import { listenBacklog } from './listen-backlog.ts';
import { startRetentionSweeper } from './retention-sweeper.ts';
import { ServerShutdown } from './server-shutdown.ts';
import { signInFor } from './sign-in-for.ts';

export interface StartServerOptions
  extends Partial<
    Omit<
      AppDependencies,
      'store' | 'model' | 'systemPrompt' | 'runs' | 'runLog' | 'runSupervisor' | 'allowedHosts' | 'autoRepair'
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
   * with a final `RUN_ERROR` `interrupted`, waits for their last writes and closes an owned database.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

function urlFor(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * A caller that brings its own system prompt (tests, benchmarks) gets one agent with exactly its tools;
 * otherwise the skills in `config.skills.directory` are loaded, with the widget prompt read only then.
 */
async function defaultProfiles(
  options: StartServerOptions,
  {
    bridge,
    store,
    telemetry,
    config,
    mcpServers,
  }: {
    bridge: ClientToolBridge;
    store: Store;
    telemetry: TelemetryStore;
    config: DrawbridgeConfig;
    mcpServers: McpServers;
  },
): Promise<AgentProfiles> {
  if (options.systemPrompt !== undefined) {
    return singleAgentProfiles({ system: options.systemPrompt, tools: options.tools ?? [] });
  }
  const { loadWidgetSystemPrompt } = await import('../prompts/widget-system-prompt.ts');
  return buildAgentProfiles({
    widgetSystemPrompt: loadWidgetSystemPrompt(),
    bridge,
    metricSources: { store, telemetry },
    mcpServers,
    toolTimeoutMs: config.runs.toolTimeoutMs,
    skillsDirectory: config.skills.directory,
  });
}

/**
 * Connects the servers the MCP config file names (none without one). A malformed file throws
 * `McpConfigError`; a server that fails to start is reported and retried while the app runs without it.
 */
async function startConfiguredMcpServers({
  configFile,
  store,
}: {
  configFile: string | undefined;
  store: Store;
}): Promise<McpServers> {
  const servers = readMcpConfig({ file: configFile });
  if (servers.length === 0) return McpServers.none();
  return McpServers.start({
    servers,
    clientInfo: { name: 'drawbridge', version: drawbridgeVersion() },
    // An operator reads these on the console: which server is away, why, and when it is tried again.
    log: (message) => console.error(`[drawbridge] ${message}`),
    onResult: (record) => storeMcpViewCall({ store, record }),
  });
}

/** Starts the app on Node's HTTP server; resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    config = parseConfig(),
    headersTimeoutMs = defaultHeadersTimeoutMs,
    requestTimeoutMs = defaultRequestTimeoutMs,
    streamLimits,
    ...rest
  } = options;
  const { port, host } = config.server;
  // Parsing refuses this already; a configuration put together by hand must not get past it either.
  const exposed = exposedWithoutSignIn({ host, auth: config.auth });
  if (exposed !== undefined)
    throw new ConfigError({ problems: [describeConfigIssue(exposed, configPathNames)] });
  const maxConnections = connectionCap(config.server.maxConnections);
  const model = options.model ?? resolveModel(config.model);
  const runTimeoutMs = config.runs.timeoutMs;
  const runLeaseMs = config.runs.leaseMs;
  const logError = options.logError ?? ((message, error) => console.error(`[drawbridge] ${message}:`, error));
  // Audit log and widget events live beside an owned store; a caller's own store gets a private memory log.
  const storage: Storage | undefined =
    options.store === undefined || options.telemetry === undefined
      ? await openStorage({
          location:
            options.store === undefined ? config.store.location : { dialect: 'sqlite', path: ':memory:' },
        })
      : undefined;
  const store = options.store ?? storage!.store;
  const telemetry = options.telemetry ?? storage!.telemetry;
  const runs = new RunRegistry();
  const shutdown = new ServerShutdown();
  const clock = options.clock ?? (() => new Date());
  const instanceId = randomUUID();
  let backplane: RunBackplane;
  try {
    backplane = await openRunBackplane({
      redisUrl: config.redis.url,
      instanceId,
      store,
      leaseMs: runLeaseMs,
      clock,
      logError,
    });
  } catch (error) {
    await storage?.close();
    throw error;
  }
  const { runLog, runSignals, runLeases } = backplane;
  const bridge = options.bridge ?? backplane.bridge;
  const supervisor = new RunSupervisor({
    leases: runLeases,
    log: runLog,
    signals: runSignals,
    runTimeoutMs,
    logError,
    runs,
  });
  let ownedMcpServers: McpServers | undefined;
  let sandboxServer: RunningSandboxServer | undefined;
  let server: Server;
  let sweeper: ReturnType<typeof startInterruptedRunSweeper> | undefined;
  try {
    sweeper = startInterruptedRunSweeper({
      store,
      leases: runLeases,
      log: runLog,
      clock,
      intervalMs: runLeaseMs / 3,
      // Without Redis there is one instance, which owns every run in its database: what is still running
      // was left by a process that died. With Redis, other instances may be executing theirs.
      interruptAllAtStart: !backplane.shared,
      logError,
    });
    await sweeper.started;
    ownedMcpServers =
      options.mcpServers === undefined
        ? await startConfiguredMcpServers({ configFile: config.mcp.configFile, store })
        : undefined;
    const mcpServers = options.mcpServers ?? ownedMcpServers!;
    const profiles =
      options.profiles ?? (await defaultProfiles(options, { bridge, store, telemetry, config, mcpServers }));
    const { allowedHosts } = config.server;
    const signIn = options.signIn ?? signInFor({ settings: config.auth, database: storage?.database });
    sandboxServer = await startSandboxServer({
      host,
      port: config.mcp.sandboxPort,
      frameDistDirectory: rest.paths?.frameDistDirectory ?? defaultAppPaths().frameDistDirectory,
      allowedHosts,
    });
    const mcp = {
      servers: mcpServers,
      sandbox: {
        port: sandboxServer.port,
        ...(config.mcp.sandboxOrigin === undefined ? {} : { origin: config.mcp.sandboxOrigin }),
      },
    };
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
      mcp,
      signIn,
      shutdown,
      autoRepair: config.runs.autoRepair,
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
      const started = createAdaptorServer({ fetch, serverOptions }) as Server;
      started.once('error', reject);
      started.listen({ port, host, backlog: listenBacklog }, () => resolve(started));
    });
  } catch (error) {
    // Nothing is served (a broken skill file, a port in use): the database and servers opened for it close too.
    sweeper?.stop();
    await sandboxServer?.close();
    await ownedMcpServers?.close();
    await backplane.close();
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
          retentionDays: config.store.retentionDays,
          clock: () => new Date(),
          reportError: logError,
        });
  server.maxConnections = maxConnections;
  const address = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = async (graceMs: number) => {
    // New runs are refused with 503 from now on; running ones go on for the grace period.
    shutdown.drain();
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let graceOver: NodeJS.Timeout | undefined;
    await Promise.race([
      runs.settled(),
      new Promise((resolve) => (graceOver = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(graceOver);
    // Runs outlive their connections, so what is left is stopped here; their followers get the final event first.
    await supervisor.shutdown();
    // Followers write the final event and end their responses within a turn of the event loop; a response
    // still open a moment later follows a run on another instance and is cut.
    await new Promise((resolve) => setImmediate(resolve));
    server.closeIdleConnections();
    let forceClose: NodeJS.Timeout | undefined;
    await Promise.race([serverClosed, new Promise((resolve) => (forceClose = setTimeout(resolve, 1_000)))]);
    clearTimeout(forceClose);
    server.closeAllConnections();
    await serverClosed;
    await runs.settled();
    sweeper?.stop();
    retention?.stop();
    await sandboxServer?.close();
    await ownedMcpServers?.close();
    await backplane.close();
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
