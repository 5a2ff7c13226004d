import type { RenderToolDefinition } from '@drawbridge/protocol';
import type { HttpBindings } from '@hono/node-server';
import type { LanguageModel } from 'ai';
import type { AuthenticateRequest } from '../auth/custom-sign-in.ts';
import { ConfigError } from '../config/config-error.ts';
import { describeConfigIssue } from '../config/config-problem.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { configPathNames, parseConfig } from '../config/parse-config.ts';
import type { ServedModel } from '../http/create-app.ts';
import type { ErrorLogger } from '../http/error-handler.ts';
import { AsyncDisposableStack } from '../lifecycle/async-disposable-stack.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
import { answeredWithoutSignIn } from './answered-without-sign-in.ts';
import { assembleDrawbridge } from './assemble-drawbridge.ts';
import { normalizeBasePath } from './base-path.ts';
import type { DrawbridgeStore } from './drawbridge-store.ts';

/** Everything `createDrawbridge` takes; every option has a default, so `createDrawbridge()` is a whole app. */
export interface DrawbridgeOptions {
  /**
   * Every setting (model, store, Redis, runs, sign-in, MCP, skills, …), as `parseConfig` returns it; default
   * `parseConfig()`, every default. The options below, when given, take the place of the matching setting.
   */
  config?: DrawbridgeConfig;
  /** Where the handler is mounted: every request it answers has a path under it (`/ai`); default the root. */
  basePath?: string;
  /** The model: any AI SDK language model, or a `ServedModel`; default the one `config.model` names (the demo). */
  model?: LanguageModel | ServedModel;
  /**
   * Every model a chat may be set to in its top bar (`model` is the default, and one of them); default: those
   * `config.model` names (`DRAWBRIDGE_MODELS`), or only `model` when it is given.
   */
  models?: readonly (LanguageModel | ServedModel)[];
  /**
   * Where threads, runs and widgets live: a SQLite file path, a `postgres://` URL, or your own Kysely instance;
   * default `config.store` (the SQLite file `./data/drawbridge.db`). Redis comes from `config.redis`.
   */
  store?: DrawbridgeStore;
  /**
   * Who a request acts for, from your own sign-in (its cookie, its header); `undefined` for nobody (401 on the
   * API). Default: `config.auth` (on loopback, everyone is the one local user).
   */
  auth?: AuthenticateRequest;
  /** Your own server-side tools, offered to the chat agents beside ours (`AgentTool`: name, schema, execute). */
  tools?: readonly AgentTool[];
  /**
   * Your own typed render tools (`defineRenderTool` of `@drawbridge/protocol`): the server validates and parks
   * each call until the browser has drawn it and answered with the definition's acknowledgement.
   */
  renderTools?: readonly RenderToolDefinition[];
  /** Where unexpected errors are reported; default `console.error`. */
  logError?: ErrorLogger;
}

/** A mounted Drawbridge: a fetch handler for any framework, and how to stop it. */
export interface Drawbridge {
  /** The normalised mount point (`/ai`, or `''` for the root). */
  readonly basePath: string;
  /** The model it serves. */
  readonly model: ServedModel;
  /**
   * Answers one request (a standard `Request` → `Response`): the API under `<basePath>/api/`, the widget frame at
   * `<basePath>/frame` and its scripts, MCP at `<basePath>/mcp`; 404 for a path outside `basePath`. `bindings`
   * are `@hono/node-server`'s, which `toNodeHandler` passes (a Hono app's `c.env` is the same thing).
   */
  fetch(request: Request, bindings?: HttpBindings): Promise<Response>;
  /**
   * Refuses new runs, lets running ones finish for `graceMs` (default 0), ends the rest with a final `RUN_ERROR`
   * `interrupted`, then closes what it opened (database, Redis, MCP servers). Your HTTP server is yours to close.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

function servedModel(model: LanguageModel | ServedModel): ServedModel {
  if (typeof model === 'object' && 'hint' in model && 'model' in model) return model;
  const id = typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
  return { model, id, demo: false, hint: `Model: ${id}.` };
}

/**
 * Builds Drawbridge for mounting in your own server: opens and migrates the store, connects Redis and the MCP
 * servers configured, loads the skills, and resolves once it can answer. Mount `fetch` in a framework that speaks
 * `Request`/`Response` (Hono, Next.js route handlers), or `toNodeHandler(drawbridge)` in `node:http` or Express
 * for the fast streaming path.
 */
export async function createDrawbridge(options: DrawbridgeOptions = {}): Promise<Drawbridge> {
  const basePath = normalizeBasePath(options.basePath ?? '');
  const config = options.config ?? parseConfig();
  const exposed = answeredWithoutSignIn({ config, hasOwnSignIn: options.auth !== undefined });
  if (exposed !== undefined)
    throw new ConfigError({ problems: [describeConfigIssue(exposed, configPathNames)] });
  await using opening = new AsyncDisposableStack();
  const assembled = await assembleDrawbridge(
    {
      config,
      basePath,
      ...(options.model === undefined ? {} : { model: servedModel(options.model) }),
      ...(options.models === undefined ? {} : { models: options.models.map(servedModel) }),
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.auth === undefined ? {} : { authenticate: options.auth }),
      ...(options.tools === undefined ? {} : { tools: options.tools }),
      ...(options.renderTools === undefined ? {} : { renderTools: options.renderTools }),
      ...(options.logError === undefined ? {} : { logError: options.logError }),
    },
    opening,
  );
  const { app, shutdown, runs, supervisor } = assembled;
  const resources = opening.move();
  let closing: Promise<void> | undefined;
  return {
    basePath,
    model: assembled.model,
    fetch: async (request, bindings) => app.fetch(request, bindings),
    close: ({ graceMs = 0 } = {}) => {
      // The first call decides the grace; a second one waits for the same close.
      closing ??= (async () => {
        shutdown.drain();
        let graceOver: NodeJS.Timeout | undefined;
        await Promise.race([
          runs.settled(),
          new Promise((resolve) => (graceOver = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(graceOver);
        await supervisor.shutdown();
        await runs.settled();
        await resources.disposeAsync();
      })();
      return closing;
    },
  };
}
