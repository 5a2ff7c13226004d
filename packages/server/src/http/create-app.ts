import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getPath } from 'hono/utils/url';
import type { AgentModel } from '../agent/run-agent.ts';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import { localSignIn } from '../auth/local-sign-in.ts';
import { bearerTokenUser, createSignInGuard, peerAddressOf, type SignIn } from '../auth/sign-in-guard.ts';
import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import { pathBelow } from '../drawbridge/base-path.ts';
import { InMemoryAuditLog } from '../governance/audit-log.ts';
import { CallLimits } from '../governance/call-limits.ts';
import { createRunLimits } from '../limits/run-limits.ts';
import type { McpServers } from '../mcp/mcp-servers.ts';
import { mcpOriginAllowed } from '../mcp-serve/mcp-origin-policy.ts';
import { createMcpServeRoutes } from '../mcp-serve/mcp-serve-routes.ts';
import { builtMcpViewSources, type McpViewSources } from '../mcp-serve/mcp-view-sources.ts';
import { type AppPaths, defaultAppPaths } from '../node-server/app-paths.ts';
import { ServerShutdown } from '../node-server/server-shutdown.ts';
import { DatabaseRunLeases } from '../runs/run-leases/database-run-leases.ts';
import { DurableRunLog } from '../runs/run-log/durable-run-log.ts';
import { InProcessRunLog } from '../runs/run-log/in-process-run-log.ts';
import type { RunLog } from '../runs/run-log/run-log.ts';
import { RunRegistry } from '../runs/run-registry.ts';
import { InProcessRunSignals } from '../runs/run-signals/in-process-run-signals.ts';
import { defaultRunLeaseMs, RunSupervisor } from '../runs/run-supervisor.ts';
import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
import { createErrorHandler, type ErrorLogger } from './error-handler.ts';
import { errorResponse } from './http-error.ts';
import { loopbackHostNames } from './request-guard/host-allowlist.ts';
import { createRequestGuard } from './request-guard/request-guard.ts';
import { createAgentRoutes } from './routes/agent-routes.ts';
import { attachmentUploadContentType, createAttachmentRoutes } from './routes/attachment-routes.ts';
import { createAuthRoutes } from './routes/auth-routes.ts';
import { createDashboardRoutes } from './routes/dashboard-routes.ts';
import { createFrameRoutes } from './routes/frame-routes.ts';
import { createHealthRoutes } from './routes/health-routes.ts';
import { createImageFrameRoutes } from './routes/image-frame-routes.ts';
import { createMcpRoutes, type SandboxLocation, sandboxOriginFor } from './routes/mcp-routes.ts';
import { createRunRoutes } from './routes/run-routes.ts';
import { createShareRoutes } from './routes/share-routes.ts';
import { createSharedPageRoutes } from './routes/shared-page-routes.ts';
import { createTelemetryRoutes } from './routes/telemetry-routes.ts';
import { createThreadExportRoutes, threadImportPath } from './routes/thread-export-routes.ts';
import { createThreadRoutes, type StandaloneRenderer } from './routes/thread-routes.ts';
import { createToolResultRoutes } from './routes/tool-result-routes.ts';
import { createWebAppRoutes } from './routes/web-app-routes.ts';
import { createWidgetStateRoutes } from './routes/widget-state-routes.ts';
import { createStandaloneRenderer } from './standalone-renderer.ts';

/** The models a chat may pick: the default first, then the others, each id once. */
function modelChoices({
  model,
  models = [],
}: {
  model: AgentModel;
  models: readonly AgentModel[] | undefined;
}): AgentModel[] {
  const others = models.filter((choice) => choice.id !== model.id);
  return [model, ...others];
}

/** The model the app serves, with the hint `/api/health` shows (`ResolvedModel` fits). */
export interface ServedModel extends AgentModel {
  hint: string;
}

/** Everything the app needs, injected so tests can drive it with a scripted model and a memory store. */
export interface AppDependencies {
  store: Store;
  model: ServedModel;
  /**
   * Every model a chat may be set to (`GET /api/health` lists them, `PATCH /api/threads/:id { model }` picks
   * one); `model` is the default and is added when missing. Default: only `model`.
   */
  models?: readonly AgentModel[];
  /** The agents runs may ask for (skills, prompts, toolboxes); default: one agent with `systemPrompt` and `tools`. */
  profiles?: AgentProfiles;
  /** The system prompt when no `profiles` are given. */
  systemPrompt?: string;
  /** Audit log and widget events; when given, the dashboard and telemetry routes are mounted. */
  telemetry?: TelemetryStore;
  /** Per-run and per-thread tool call limits, shared by every run of the app. */
  callLimits?: CallLimits;
  clock?: () => Date;
  ids?: () => string;
  /** Idle time after which a run stream carries a heartbeat; default 10 s. */
  heartbeatIntervalMs?: number;
  /** Tools of the default agent when no `profiles` are given; none by default. */
  tools?: readonly AgentTool[];
  /** Parked client tool calls; when given, `POST /api/threads/:id/tool-results` answers them. */
  bridge?: ClientToolBridge;
  /** Renders a widget as a standalone file; default: the frame's exporter with the built bundles. */
  standalone?: StandaloneRenderer;
  paths?: Partial<AppPaths>;
  /** Request bodies above this many bytes get 413; default 1 MiB. */
  maxBodyBytes?: number;
  logError?: ErrorLogger;
  /** Collects in-flight runs so a shutdown can wait for their last writes. */
  runs?: RunRegistry;
  /** Every run's events, for followers on any instance; default: in this process. */
  runLog?: RunLog;
  /** Executes runs apart from their responses; default: one on `runLog` with in-process cancel signals. */
  runSupervisor?: RunSupervisor;
  /** Host names (optionally `name:port`) requests may address; default: loopback names only. */
  allowedHosts?: readonly string[];
  /** How requests prove who they act for; default: the one local user, no limits (loopback). */
  signIn?: SignIn;
  /** Drains (refuses new runs) when the server stops; default: one that never does. */
  shutdown?: ServerShutdown;
  /** The request's TCP peer, for the trusted-proxy mode; default: the Node socket's remote address. */
  peerAddress?: (context: Context) => string | undefined;
  /** Connected MCP servers and where their views are sandboxed; when given, `/api/mcp/*` is mounted. */
  mcp?: { servers: McpServers; sandbox: SandboxLocation };
  /** Whether the web app asks once, by itself, for the repair of a widget that reports errors; default off. */
  autoRepair?: boolean;
  /** Hosts a widget's link opens on without the user confirming first (`/api/health`); default none. */
  trustedLinkHosts?: readonly string[];
  /**
   * Where the app is mounted (normalised: `/ai`, or `''` for the root). Routes and every path check see the path
   * below it; a request outside it is for the caller to refuse (`createDrawbridge` does). Under a base path the
   * built chat page is not served: the embedding app draws its own.
   */
  basePath?: string;
  /** The view scripts `POST /mcp` inlines into its `ui://` resources; default: the built frame and web. */
  mcpViewSources?: McpViewSources;
  /** Origins whose pages may call `POST /mcp` from a browser, beside loopback ones on loopback; default none. */
  mcpAllowedOrigins?: readonly string[];
}

export const defaultHeartbeatIntervalMs = 10_000;
export const defaultMaxBodyBytes = 1024 * 1024;

/** Where files are uploaded (and read back below it). */
const attachmentsPath = '/api/attachments';

/** What a request outside the base path is routed as: no route and no header rule matches it. */
const outsideBasePath = '/.outside-base-path';

const logToConsole: ErrorLogger = (message, error) => console.error(`[drawbridge] ${message}:`, error);

/** Builds the HTTP app: the run endpoint, threads, health, the widget frame and the web app. */
export function createApp(dependencies: AppDependencies): Hono {
  const { store } = dependencies;
  const ids = dependencies.ids ?? randomUUID;
  const logError = dependencies.logError ?? logToConsole;
  const paths = { ...defaultAppPaths(), ...dependencies.paths };
  const maxBodyBytes = dependencies.maxBodyBytes ?? defaultMaxBodyBytes;
  const clock = dependencies.clock ?? (() => new Date());
  // One audit log and one call budget for every caller: the model's runs and the MCP views alike.
  const auditLog = dependencies.telemetry ?? new InMemoryAuditLog();
  const callLimits = dependencies.callLimits ?? new CallLimits();
  const runs = dependencies.runs ?? new RunRegistry();
  const runLog = dependencies.runLog ?? new DurableRunLog({ store, live: new InProcessRunLog(), logError });
  const supervisor =
    dependencies.runSupervisor ??
    new RunSupervisor({
      leases: new DatabaseRunLeases({ store, instanceId: ids(), leaseMs: defaultRunLeaseMs, clock }),
      log: runLog,
      signals: new InProcessRunSignals(),
      logError,
      runs,
    });
  const heartbeatIntervalMs = dependencies.heartbeatIntervalMs ?? defaultHeartbeatIntervalMs;
  const models = modelChoices({ model: dependencies.model, models: dependencies.models });

  const basePath = dependencies.basePath ?? '';
  // Hono routes on `getPath`, and `context.req.path` is what it returns: the routes, the header rules below and
  // every guard see `/frame`, `/api/…` whatever the mount, while `context.req.raw` keeps the request's own URL.
  const app =
    basePath === ''
      ? new Hono()
      : new Hono({
          // A path outside the mount routes nowhere, and no rule takes it for a frame's or the API's.
          getPath: (request) => pathBelow(basePath, getPath(request)) ?? outsideBasePath,
        });
  app.onError(createErrorHandler(logError));
  app.notFound((context) => errorResponse(context, 404, 'not_found', `Nothing at ${context.req.path}.`));

  app.use('*', async (context, next) => {
    await next();
    // Set on the finished response's own headers, as Hono's secureHeaders does: `context.header()` after
    // `next()` rebuilds the response around its body as a stream, which cost every JSON answer a copy
    // through a web stream (a fifth of the time of a tool result, measured with bench/bridge.ts).
    const headers = context.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    // Only the frame documents may be framed (by our own page, per their CSP).
    if (context.req.path !== '/frame' && context.req.path !== '/frame/image') {
      headers.set('X-Frame-Options', 'DENY');
    }
    if (context.req.path.startsWith('/api/') && !headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
  });
  if (basePath !== '') {
    // Below the headers' middleware, so a refusal carries them too.
    app.use('*', async (context, next) => {
      if (context.req.path !== outsideBasePath) return next();
      return errorResponse(
        context,
        404,
        'not_found',
        `Nothing here: this server answers under ${basePath}/.`,
      );
    });
  }
  const mcpAllowsOrigin = ({ origin, host }: { origin: string; host: string }) =>
    mcpOriginAllowed({ origin, host, allowedOrigins: dependencies.mcpAllowedOrigins ?? [] });
  app.use(
    '*',
    createRequestGuard({
      allowedHosts: dependencies.allowedHosts ?? loopbackHostNames,
      allowsCrossOrigin: ({ path, origin, host }) => path === '/mcp' && mcpAllowsOrigin({ origin, host }),
      // A file's bytes go as they are; the type is not one a page on another site can send without a preflight.
      allowsRawBody: ({ path, contentType }) =>
        path === attachmentsPath && contentType === attachmentUploadContentType,
    }),
  );
  const refuseLargeBody = (context: Context) =>
    errorResponse(context, 413, 'body_too_large', `Request bodies are limited to ${maxBodyBytes} bytes.`);
  const limitStreamedBody = bodyLimit({ maxSize: maxBodyBytes, onError: refuseLargeBody });
  app.use('/api/*', async (context, next) => {
    // Judged from the headers when they say it all, as `bodyLimit` does: only reading `raw.body` (which
    // `bodyLimit` does first) makes the Node adapter build a full `Request` around a web stream, a tenth of
    // the cost of answering a parked call, measured with bench/bridge.ts.
    if (context.req.method === 'GET' || context.req.method === 'HEAD') return next();
    // An upload and an import have limits of their own, checked by their routes.
    if (context.req.path === attachmentsPath || context.req.path === threadImportPath) return next();
    const declaredLength = context.req.header('content-length');
    if (declaredLength !== undefined && context.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(declaredLength, 10) > maxBodyBytes ? refuseLargeBody(context) : next();
    }
    return limitStreamedBody(context, next);
  });

  const signIn = dependencies.signIn ?? localSignIn;
  const peerAddress = dependencies.peerAddress ?? peerAddressOf;
  app.use('*', createSignInGuard({ signIn, peerAddress }));
  app.route('/api', createAuthRoutes({ signIn, peerAddress }));
  app.route(
    '/api/health',
    createHealthRoutes({
      model: dependencies.model,
      models,
      autoRepair: dependencies.autoRepair ?? false,
      trustedLinkHosts: dependencies.trustedLinkHosts ?? [],
    }),
  );
  app.route(
    '/api/agent',
    createAgentRoutes({
      store,
      model: dependencies.model,
      models,
      profiles:
        dependencies.profiles ??
        singleAgentProfiles({ system: dependencies.systemPrompt ?? '', tools: dependencies.tools ?? [] }),
      auditLog,
      callLimits,
      clock,
      ids,
      heartbeatIntervalMs,
      logError,
      runLimits: createRunLimits({ settings: signIn.settings.limits, store, clock }),
      shutdown: dependencies.shutdown ?? new ServerShutdown(),
      supervisor,
      runLog,
    }),
  );
  app.route(
    '/api/runs',
    createRunRoutes({ store, log: runLog, supervisor, heartbeatIntervalMs, clock, logError }),
  );
  const standalone =
    dependencies.standalone ?? createStandaloneRenderer({ frameDistDirectory: paths.frameDistDirectory });
  app.route(
    '/api/threads',
    createThreadRoutes({ store, standalone, modelIds: models.map((model) => model.id) }),
  );
  app.route('/api/threads', createThreadExportRoutes({ store, standalone, clock, ids }));
  app.route(attachmentsPath, createAttachmentRoutes({ store }));
  app.route('/api', createShareRoutes({ store }));
  app.route('/api/threads', createWidgetStateRoutes({ store }));
  if (dependencies.bridge !== undefined) {
    app.route('/api/threads', createToolResultRoutes({ bridge: dependencies.bridge, store, ids }));
  }
  if (dependencies.telemetry !== undefined) {
    const sources = { store, telemetry: dependencies.telemetry };
    app.route('/api/dashboard', createDashboardRoutes({ sources, clock }));
    app.route('/api/telemetry', createTelemetryRoutes({ telemetry: dependencies.telemetry, store }));
  }
  if (dependencies.mcp !== undefined) {
    app.route('/api/mcp', createMcpRoutes({ ...dependencies.mcp, store, auditLog, callLimits, clock, ids }));
  }
  app.route(
    '/mcp',
    createMcpServeRoutes({
      viewSources: dependencies.mcpViewSources ?? builtMcpViewSources,
      maxBodyBytes,
      logError,
      allowsOrigin: mcpAllowsOrigin,
      // Signed in, /mcp takes the API tokens programmatic clients use; on loopback it is the local user's.
      ...(signIn.settings.mode === 'local'
        ? {}
        : {
            identify: (context: Context) =>
              bearerTokenUser({ authorization: context.req.header('authorization'), signIn }),
          }),
    }),
  );
  app.route('/', createImageFrameRoutes());
  app.route('/', createSharedPageRoutes({ store, standalone }));
  app.route('/', createFrameRoutes(paths));
  const mcp = dependencies.mcp;
  if (basePath !== '') return app;
  app.route(
    '/',
    createWebAppRoutes({
      webDistDirectory: paths.webDistDirectory,
      ...(mcp === undefined
        ? {}
        : {
            frameSources: (host: string) => {
              const origin = sandboxOriginFor({ host, sandbox: mcp.sandbox });
              return origin === null ? [] : [origin];
            },
          }),
    }),
  );
  return app;
}
