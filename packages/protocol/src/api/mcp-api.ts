import { z } from 'zod';

/** One tool of a connected server, as the browser needs it to host the tool's view. */
export const mcpToolSummarySchema = z.object({
  /** The offered name, `mcp__<server>__<tool>`. */
  name: z.string(),
  /** The tool's own name on its server. */
  serverToolName: z.string(),
  title: z.string().optional(),
  /** The `ui://` view the tool declared. */
  resourceUri: z.string().optional(),
  visibleToModel: z.boolean(),
});

export const mcpServerSummarySchema = z.object({
  name: z.string(),
  state: z.enum(['connecting', 'connected', 'unavailable', 'closed']),
  /** Why an unavailable server is away. */
  reason: z.string().optional(),
  tools: z.array(mcpToolSummarySchema),
});

/** `GET /api/mcp/servers`: the configured servers, and where views are sandboxed (null: views are off). */
export const mcpServerListResponseSchema = z.object({
  servers: z.array(mcpServerSummarySchema),
  sandboxOrigin: z.string().nullable(),
});

/** `POST /api/mcp/resources/read`: a resource of one server, for a view (its own HTML, or what it reads). */
export const mcpReadResourceBodySchema = z.strictObject({
  server: z.string().min(1),
  uri: z.string().min(1).max(2048),
});

/** An MCP result passed through as the server sent it (the SDK validated it on arrival). */
const mcpResultSchema = z.looseObject({});

export const mcpReadResourceResponseSchema = z.object({ result: mcpResultSchema });

/** `POST /api/mcp/tool-calls`: a view calling a tool of its own server. */
export const mcpViewToolCallBodySchema = z.strictObject({
  threadId: z.string().min(1),
  /** The model's call whose view is calling. */
  viewToolCallId: z.string().min(1),
  server: z.string().min(1),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export const mcpViewToolCallResponseSchema = z.object({ result: mcpResultSchema });

/** `GET /api/mcp/threads/:threadId/tool-results/:toolCallId`: what the model's call was given and returned. */
export const mcpToolResultResponseSchema = z.object({
  input: z.record(z.string(), z.unknown()),
  result: mcpResultSchema,
});

/** The most a view may tell the model at once (`ui/update-model-context`), as JSON characters of the body. */
export const mcpModelContextMaxCharacters = 8_000;

/**
 * `POST /api/mcp/threads/:threadId/model-context`: what a model's call's view tells the model for the next turn
 * (the spec's `ui/update-model-context` params); it replaces what that view said before, and an empty one clears
 * it. Text blocks only: that is the modality the host advertises.
 */
export const mcpModelContextBodySchema = z.strictObject({
  /** The model's call whose view is speaking. */
  toolCallId: z.string().min(1).max(200),
  content: z
    .array(z.object({ type: z.literal('text'), text: z.string() }))
    .max(20)
    .optional(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
});

/** What a view last told the model, kept on its carrier beside `input` and `result`. */
export type McpViewModelContext = Omit<z.infer<typeof mcpModelContextBodySchema>, 'toolCallId'>;

export type McpToolSummary = z.infer<typeof mcpToolSummarySchema>;
export type McpServerSummaryResponse = z.infer<typeof mcpServerSummarySchema>;
export type McpServerListResponse = z.infer<typeof mcpServerListResponseSchema>;
export type McpReadResourceBody = z.infer<typeof mcpReadResourceBodySchema>;
export type McpViewToolCallBody = z.infer<typeof mcpViewToolCallBodySchema>;
export type McpToolResultResponse = z.infer<typeof mcpToolResultResponseSchema>;
export type McpModelContextBody = z.infer<typeof mcpModelContextBodySchema>;

/**
 * The key of a stored MCP view call's carrier `render.args`: `{ "drawbridge.mcpView": { input, result,
 * modelContext? } }`.
 */
export const mcpViewCarrierKey = 'drawbridge.mcpView';
