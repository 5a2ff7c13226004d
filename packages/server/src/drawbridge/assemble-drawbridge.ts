import { randomUUID } from 'node:crypto';
import type { RenderToolDefinition } from '@drawbridge/protocol';
import type { Hono } from 'hono';
import type { AuthenticateRequest } from '../auth/custom-sign-in.ts';
import { customSignIn } from '../auth/custom-sign-in.ts';
import { exposedWithoutSignIn } from '../config/auth-config-schema.ts';
import { ConfigError } from '../config/config-error.ts';
import { describeConfigIssue } from '../config/config-problem.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { configPathNames, parseConfig } from '../config/parse-config.ts';
import { type AppDependencies, createApp, type ServedModel } from '../http/create-app.ts';
import type { McpServers } from '../mcp/mcp-servers.ts';
import { startSandboxServer } from '../mcp/sandbox-server.ts';
import { resolveModels } from '../models/index.ts';
import { defaultAppPaths } from '../node-server/app-paths.ts';
import { defaultAgentProfiles } from '../node-server/default-agent-profiles.ts';
import { startRetentionSweeper } from '../node-server/retention-sweeper.ts';
import { ServerShutdown } from '../node-server/server-shutdown.ts';
import { signInFor } from '../node-server/sign-in-for.ts';
import { startConfiguredMcpServers } from '../node-server/start-configured-mcp-servers.ts';
import { startInterruptedRunSweeper } from '../runs/interrupted-run-sweeper.ts';
import { openRunBackplane } from '../runs/open-run-backplane.ts';
import { RunRegistry } from '../runs/run-registry.ts';
import { RunSupervisor } from '../runs/run-supervisor.ts';
import type { Store } from '../store/store.ts';
import { type DrawbridgeStore, openDrawbridgeStorage } from './drawbridge-store.ts';

/** What `createDrawbridge` and `startServer` both build: the app and what it runs on. */
export interface AssembleDrawbridgeOptions
  extends Partial<
    Omit<
      AppDependencies,
      | 'store'
      | 'model'
      | 'models'
      | 'systemPrompt'
      | 'runs'
      | 'runLog'
      | 'runSupervisor'
      | 'allowedHosts'
      | 'autoRepair'
      | 'trustedLinkHosts'
      | 'mcpAllowedOrigins'
      | 'basePath'
    >
  > {
  config?: DrawbridgeConfig;
  basePath?: string;
  store?: DrawbridgeStore | Store;
  model?: ServedModel;
  models?: readonly ServedModel[];
  systemPrompt?: string;
  authenticate?: AuthenticateRequest;
  renderTools?: readonly RenderToolDefinition[];
  mcpServers?: McpServers;
}

function isStore(store: DrawbridgeStore | Store | undefined): store is Store {
  return typeof store === 'object' && 'getThread' in store;
}

export interface AssembledDrawbridge {
  app: Hono;
  config: DrawbridgeConfig;
  model: ServedModel;
  shutdown: ServerShutdown;
  runs: RunRegistry;
  supervisor: RunSupervisor;
}

/**
 * Opens everything a Drawbridge app runs on — storage, the run backplane (in-process, or Redis), the sweepers,
 * the MCP servers and their sandbox origin, the agents — and builds the app over them. Each thing it opens joins
 * `stack`, which the caller disposes (in reverse order) to close them; a failure part-way leaves what was opened
 * on the stack too.
 */
export async function assembleDrawbridge(
  options: AssembleDrawbridgeOptions,
  stack: AsyncDisposableStack,
): Promise<AssembledDrawbridge> {
  const { config = parseConfig(), basePath = '', ...rest } = options;
  const { host, allowedHosts } = config.server;
  // Parsing refuses this already; a configuration put together by hand must not get past it either.
  const exposed = exposedWithoutSignIn({ host, auth: config.auth });
  if (exposed !== undefined && options.authenticate === undefined)
    throw new ConfigError({ problems: [describeConfigIssue(exposed, configPathNames)] });
  // The configured models, the default first; a caller's own model is the only one unless it gives others.
  const configured = options.model === undefined ? resolveModels(config.model) : [options.model];
  const model = options.model ?? configured[0]!;
  const models = options.models ?? configured;
  const logError = options.logError ?? ((message, error) => console.error(`[drawbridge] ${message}:`, error));
  const clock = options.clock ?? (() => new Date());

  // A caller's own `Store` keeps its telemetry, or gets a private one in memory; any other store is opened here.
  const callerStore = isStore(options.store) ? options.store : undefined;
  const storage =
    callerStore === undefined || options.telemetry === undefined
      ? stack.adopt(
          await openDrawbridgeStorage({
            store: callerStore === undefined ? (options.store as DrawbridgeStore | undefined) : ':memory:',
            location: config.store.location,
          }),
          (opened) => opened.close(),
        )
      : undefined;
  const store = callerStore ?? storage!.store;
  const telemetry = options.telemetry ?? storage!.telemetry;
  const backplane = stack.adopt(
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
  const sweeper = stack.adopt(
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
  // A caller's own MCP servers stay open at close; the configured ones are this app's.
  const mcpServers =
    options.mcpServers ??
    stack.adopt(await startConfiguredMcpServers({ configFile: config.mcp.configFile, store }), (started) =>
      started.close(),
    );
  const bridge = options.bridge ?? backplane.bridge;
  const profiles =
    options.profiles ??
    (await defaultAgentProfiles({
      systemPrompt: options.systemPrompt,
      tools: options.tools,
      renderTools: options.renderTools,
      bridge,
      store,
      telemetry,
      config,
      mcpServers,
    }));
  const signIn =
    options.signIn ??
    (options.authenticate === undefined
      ? signInFor({ settings: config.auth, database: storage?.database, basePath })
      : customSignIn({ authenticate: options.authenticate, settings: config.auth }));
  const sandboxServer = stack.adopt(
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
    basePath,
    store,
    model,
    models,
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
    trustedLinkHosts: config.runs.trustedLinkHosts,
    mcpAllowedOrigins: config.mcp.allowedOrigins,
  });
  // Only storage opened here is swept; a caller's own store keeps what the caller decides.
  if (storage !== undefined) {
    stack.adopt(
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
  return { app, config, model, shutdown, runs, supervisor };
}
