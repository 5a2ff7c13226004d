import { runEvents } from '@drawbridge/protocol';
import type { CallToolResult, JsonSchemaType, Tool } from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AgentTool, ToolContext } from '../tools/agent-tool.ts';
import { jsonSchemaInput } from './json-schema-input.ts';
import type { McpServerConnection } from './mcp-server-connection.ts';
import { mcpToolResultText } from './mcp-tool-result-text.ts';

/** A model-visible tool of a connected server, as the agent sees it, with what its view needs. */
export interface McpAgentTool extends AgentTool<Record<string, unknown>> {
  serverName: string;
  /** The tool's own name on its server (`get-time`), not the offered `mcp__…` name. */
  serverToolName: string;
  /** The `ui://` view the server declared for the tool, if any. */
  resourceUri: string | undefined;
}

export interface McpAgentToolOptions {
  connection: McpServerConnection;
  tool: Tool;
  /** The offered name, `mcp__<server>__<tool>`. */
  name: string;
  /**
   * Receives every result the server returned, so the tool's view can be given it; awaited before the call
   * completes, so whatever it stores is there by the time the run reports the result.
   */
  onResult?(call: {
    context: ToolContext;
    input: Record<string, unknown>;
    result: CallToolResult;
  }): Promise<void> | void;
}

/**
 * Wraps one server tool as an `AgentTool`: its JSON Schema is what the model is shown and what the governance
 * chain validates against; execution is a `tools/call` on the server. A result the server marks `isError` is a
 * failed outcome, so the model reads it as an error.
 */
export function mcpAgentTool({ connection, tool, name, onResult }: McpAgentToolOptions): McpAgentTool {
  const resourceUri = getToolUiResourceUri(tool);
  return {
    name,
    serverName: connection.name,
    serverToolName: tool.name,
    resourceUri,
    description:
      tool.description ?? tool.title ?? `The ${tool.name} tool of the ${connection.name} MCP server.`,
    // A server's schema is JSON from the wire; the validator takes it as the JSON Schema it is.
    inputSchema: jsonSchemaInput(tool.inputSchema as JsonSchemaType),
    inputJsonSchema: tool.inputSchema,
    async execute(input, context) {
      const call = await connection.callTool({ name: tool.name, input, abortSignal: context.abortSignal });
      if (!call.ok) return { ok: false, error: call.error, code: 'mcp_unavailable' };
      await onResult?.({ context, input, result: call.result });
      if (resourceUri !== undefined) {
        // What an MCP Apps host needs to draw the view, as an activity any AG-UI frontend can draw by its type.
        context.showActivity?.(
          runEvents.mcpViewActivity({
            toolCallId: context.toolCallId,
            toolName: name,
            serverName: connection.name,
            serverToolName: tool.name,
            resourceUri,
            input,
            result: call.result as Record<string, unknown>,
          }),
        );
      }
      const text = mcpToolResultText(call.result);
      return call.result.isError
        ? { ok: false, error: text, code: 'mcp_tool_error' }
        : { ok: true, output: text };
    },
  };
}
