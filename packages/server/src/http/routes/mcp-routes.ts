import {
  describeSchemaError,
  type McpRouteErrorCode,
  type McpServerListResponse,
  mcpModelContextBodySchema,
  mcpModelContextMaxCharacters,
  mcpReadResourceBodySchema,
  mcpViewCarrierKey,
  mcpViewToolCallBodySchema,
} from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { AuditLog } from '../../governance/audit-log.ts';
import type { CallLimits } from '../../governance/call-limits.ts';
import { governTools } from '../../governance/govern-tools.ts';
import type { McpServers } from '../../mcp/mcp-servers.ts';
import { mcpServerToolPrefix } from '../../mcp/mcp-tool-name.ts';
import { mcpToolResultText } from '../../mcp/mcp-tool-result-text.ts';
import { isVisibleToApp } from '../../mcp/mcp-tool-visibility.ts';
import { storeViewModelContext } from '../../mcp/store-view-model-context.ts';
import type { Store } from '../../store/store.ts';
import type { AgentTool } from '../../tools/agent-tool.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { splitAuthority } from '../request-guard/host-allowlist.ts';

const refuse: ErrorResponder<McpRouteErrorCode> = errorResponse;

/** Where the sandbox origin is: a configured origin, or the app's second port on the other loopback name. */
export interface SandboxLocation {
  /** `DRAWBRIDGE_SANDBOX_ORIGIN`: the origin browsers reach the sandbox server at. */
  origin?: string;
  /** The sandbox server's own port, for the loopback default. */
  port: number;
}

export interface McpRoutesOptions {
  servers: McpServers;
  sandbox: SandboxLocation;
  store: Pick<Store, 'getThread' | 'listMessages' | 'updateMessage'>;
  auditLog: AuditLog;
  callLimits: CallLimits;
  clock: () => Date;
  ids: () => string;
}

const otherLoopbackName: Record<string, string> = {
  '127.0.0.1': 'localhost',
  localhost: '127.0.0.1',
  '[::1]': 'localhost',
};

/**
 * The sandbox origin for a page at `host`: the configured one, else — on loopback — the sandbox port under the
 * other loopback name (a page at 127.0.0.1 gets http://localhost:<port>), a different site as well as a
 * different origin. Anywhere else without a configured origin there is none, and views stay off.
 */
export function sandboxOriginFor({
  host,
  sandbox,
}: {
  host: string;
  sandbox: SandboxLocation;
}): string | null {
  if (sandbox.origin !== undefined) return sandbox.origin;
  const other = otherLoopbackName[splitAuthority(host).name];
  return other === undefined ? null : `http://${other}:${sandbox.port}`;
}

async function readJson(context: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await context.req.json() };
  } catch {
    return { ok: false };
  }
}

/**
 * `/api/mcp/*`: the configured servers and their tools (`GET servers`), a server's resource for a view
 * (`POST resources/read`), a view's call of a tool of its own server through governance and audit
 * (`POST tool-calls`), what a model's call with a view was given and returned (`GET threads/…/tool-results/…`)
 * and what that view tells the model for the next turn (`POST threads/…/model-context`).
 */
export function createMcpRoutes(options: McpRoutesOptions): Hono {
  const { servers } = options;
  const routes = new Hono();

  routes.get('/servers', (context) => {
    const response: McpServerListResponse = {
      servers: servers.summaries().map(({ name, status }) => ({
        name,
        state: status.state,
        ...(status.state === 'unavailable' ? { reason: status.reason } : {}),
        tools:
          status.state === 'connected'
            ? servers.tools(name).map(({ tool, definition, visibleToModel }) => ({
                name: tool.name,
                serverToolName: tool.serverToolName,
                ...(definition.title === undefined ? {} : { title: definition.title }),
                ...(tool.resourceUri === undefined ? {} : { resourceUri: tool.resourceUri }),
                visibleToModel,
              }))
            : [],
      })),
      sandboxOrigin: sandboxOriginFor({ host: context.req.header('host') ?? '', sandbox: options.sandbox }),
    };
    return context.json(response);
  });

  routes.post('/resources/read', async (context) => {
    const json = await readJson(context);
    if (!json.ok) return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    const parsed = mcpReadResourceBodySchema.safeParse(json.body);
    if (!parsed.success) return refuse(context, 400, 'invalid_body', describeSchemaError(parsed.error));
    const connection = servers.connection(parsed.data.server);
    if (connection === undefined)
      return refuse(context, 404, 'unknown_server', 'No MCP server has that name.');
    const read = await connection.readResource({ uri: parsed.data.uri });
    if (!read.ok) return refuse(context, 424, 'server_unavailable', read.error);
    return context.json({ result: read.result });
  });

  routes.post('/tool-calls', async (context) => {
    const json = await readJson(context);
    if (!json.ok) return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    const parsed = mcpViewToolCallBodySchema.safeParse(json.body);
    if (!parsed.success) return refuse(context, 400, 'invalid_body', describeSchemaError(parsed.error));
    const call = parsed.data;
    const user = requestUser(context);
    // Another user's thread is answered exactly as one that does not exist.
    if (
      (await ownedThread({ store: options.store, threadId: call.threadId, userId: user.id })) === undefined
    ) {
      return refuse(context, 404, 'thread_not_found', 'No thread has that id.');
    }
    if (servers.connection(call.server) === undefined) {
      return refuse(context, 404, 'unknown_server', 'No MCP server has that name.');
    }
    // A view reaches its own server's tools that admit the app (app-only helpers included), nothing else.
    const appTools = servers.tools(call.server).filter(({ definition }) => isVisibleToApp(definition));
    const target = appTools.find(({ tool }) => tool.serverToolName === call.name);
    if (target === undefined) {
      return refuse(
        context,
        404,
        'unknown_tool',
        `The server ${call.server} offers views no tool "${call.name}".`,
      );
    }
    const connection = servers.connection(call.server)!;
    let captured: object | undefined;
    // The server's tool as the governed chain runs it, keeping the whole result for the view.
    const viewTool: AgentTool<Record<string, unknown>> = {
      ...target.tool,
      async execute(input, toolContext) {
        const answer = await connection.callTool({
          name: call.name,
          input,
          abortSignal: toolContext.abortSignal,
        });
        if (!answer.ok) return { ok: false, error: answer.error, code: 'mcp_unavailable' };
        captured = answer.result;
        return answer.result.isError
          ? { ok: false, error: mcpToolResultText(answer.result), code: 'mcp_tool_error' }
          : { ok: true, output: mcpToolResultText(answer.result) };
      },
    };
    const runId = `view:${options.ids()}`;
    const toolset = governTools({
      tools: [viewTool as AgentTool],
      skill: {
        name: `mcp-app:${call.server}`,
        description: 'A view calling a tool of its own server.',
        allowedTools: new Set([`${mcpServerToolPrefix(call.server)}*`]),
        instructions: '',
        file: '(MCP App view)',
      },
      limits: options.callLimits,
      auditLog: options.auditLog,
      clock: options.clock,
      ids: options.ids,
    });
    const abort = new AbortController();
    context.req.raw.signal.addEventListener('abort', () => abort.abort(), { once: true });
    const outcome = await toolset.offered[0]!.execute(call.arguments, {
      threadId: call.threadId,
      runId,
      owner: { userId: user.id, isAdmin: user.isAdmin },
      toolCallId: `${call.viewToolCallId}:view:${options.ids()}`,
      abortSignal: abort.signal,
      clientAttached: true,
    });
    options.callLimits.endRun(runId);
    // A result the server marked isError still goes to the view, which shows it; a refusal never reached it.
    if (captured !== undefined) return context.json({ result: captured });
    return refuse(context, 403, 'call_refused', outcome.ok ? 'The call returned nothing.' : outcome.error);
  });

  routes.get('/threads/:threadId/tool-results/:toolCallId', async (context) => {
    const toolCallId = context.req.param('toolCallId');
    const threadId = context.req.param('threadId');
    const userId = requestUser(context).id;
    // Another user's thread stores nothing this user may read: the same 404 as a call never made.
    const owned = (await ownedThread({ store: options.store, threadId, userId })) !== undefined;
    const messages = owned ? await options.store.listMessages(threadId) : [];
    const carrier = messages.find(
      (message) => message.toolCallId === toolCallId && message.render !== undefined,
    )?.render?.args as Record<string, unknown> | undefined;
    const stored = carrier?.[mcpViewCarrierKey] as
      | { input: Record<string, unknown>; result: object }
      | undefined;
    if (stored === undefined) {
      return refuse(context, 404, 'result_not_found', 'No MCP tool result is stored for that call.');
    }
    return context.json({ input: stored.input, result: stored.result });
  });

  routes.post('/threads/:threadId/model-context', async (context) => {
    const threadId = context.req.param('threadId');
    const userId = requestUser(context).id;
    // Another user's thread is answered exactly as one that does not exist, before its body is looked at.
    if ((await ownedThread({ store: options.store, threadId, userId })) === undefined) {
      return refuse(context, 404, 'thread_not_found', 'No thread has that id.');
    }
    const text = await context.req.text();
    if (text.length > mcpModelContextMaxCharacters) {
      return refuse(
        context,
        413,
        'context_too_large',
        `A view's model context is at most ${mcpModelContextMaxCharacters} characters of JSON.`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = mcpModelContextBodySchema.safeParse(body);
    if (!parsed.success) return refuse(context, 400, 'invalid_body', describeSchemaError(parsed.error));
    const { toolCallId, ...modelContext } = parsed.data;
    const stored = await storeViewModelContext({ store: options.store, threadId, toolCallId, modelContext });
    if (!stored) return refuse(context, 404, 'result_not_found', 'No MCP view call is stored for that id.');
    return context.body(null, 204);
  });

  return routes;
}
