import {
  type McpModelContextBody,
  type McpServerListResponse,
  mcpReadResourceResponseSchema,
  mcpServerListResponseSchema,
  mcpToolResultResponseSchema,
  mcpViewToolCallResponseSchema,
} from '@drawbridge/protocol';
import { ApiError, requestJson } from '@drawbridge/react';

let catalogue: Promise<McpServerListResponse> | undefined;

/**
 * The connected MCP servers and their tools, fetched once per page load (the first MCP tool call asks): the
 * transcript learns from it which `mcp__…` calls have a view, before their arguments finish streaming.
 */
export function fetchMcpCatalogue(): Promise<McpServerListResponse> {
  catalogue ??= requestJson({ path: '/api/mcp/servers', schema: mcpServerListResponseSchema }).catch(
    (error: unknown) => {
      // A failed fetch is not remembered: the next call asks again.
      catalogue = undefined;
      throw error;
    },
  );
  return catalogue;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** Reads a resource of a server (a view's HTML, or a resource a view asks for). */
export async function readMcpResource({ server, uri }: { server: string; uri: string }) {
  return (
    await requestJson({
      path: '/api/mcp/resources/read',
      schema: mcpReadResourceResponseSchema,
      init: postJson({ server, uri }),
    })
  ).result;
}

/** A view's call of a tool of its own server; the server runs it through governance and audits it. */
export async function callMcpToolFromView(body: {
  threadId: string;
  viewToolCallId: string;
  server: string;
  name: string;
  arguments: Record<string, unknown>;
}) {
  return (
    await requestJson({
      path: '/api/mcp/tool-calls',
      schema: mcpViewToolCallResponseSchema,
      init: postJson(body),
    })
  ).result;
}

/** What the model's call with a view was given and returned (stored as the call completed). */
export function fetchMcpToolResult({ threadId, toolCallId }: { threadId: string; toolCallId: string }) {
  return requestJson({
    path: `/api/mcp/threads/${encodeURIComponent(threadId)}/tool-results/${encodeURIComponent(toolCallId)}`,
    schema: mcpToolResultResponseSchema,
  });
}

/** What a view tells the model for the thread's next turn (`ui/update-model-context`); replaces its earlier one. */
export async function updateMcpModelContext({
  threadId,
  body,
}: {
  threadId: string;
  body: McpModelContextBody;
}): Promise<void> {
  const response = await fetch(
    `/api/mcp/threads/${encodeURIComponent(threadId)}/model-context`,
    postJson(body),
  );
  if (!response.ok) throw await ApiError.fromResponse(response);
}
