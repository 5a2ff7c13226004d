import { mcpAppViewMimeType } from '@drawbridge/frame';
import { type RenderToolDefinition, type RenderToolName, renderToolDefinitions } from '@drawbridge/protocol';
import { RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { McpViewSources } from './mcp-view-sources.ts';
import { renderRenderToolViewHtml } from './render-tool-view-document.ts';

/** What the MCP view of a tool does differently from the chat, said to the model after its description. */
const viewNotes: Partial<Record<RenderToolName, string>> = {
  render_image: 'The view loads nothing remote: the user opens the image from it.',
};

/** The names of the typed render tools the MCP server offers. */
export const renderToolNames = renderToolDefinitions.map((definition) => definition.name);

/** The `ui://` resource a typed render tool's view lives at. */
export function renderToolViewUri(tool: string): string {
  return `ui://drawbridge/${tool}.html`;
}

/**
 * Registers the chat's four typed render tools as MCP App tools, each with its view. The SDK validates the
 * arguments against the same protocol schema the chat uses (an invalid call is an `isError` result naming
 * the field), and the view validates them again before drawing: a host is not a trust boundary it relies on.
 */
export function registerRenderTools({
  server,
  sources,
}: {
  server: McpServer;
  sources: McpViewSources;
}): void {
  // Widened to one schema type: the SDK's overloads cannot pick among the union of the four schemas.
  const definitions: readonly RenderToolDefinition<RenderToolName>[] = renderToolDefinitions;
  for (const definition of definitions) {
    const note = viewNotes[definition.name];
    const uri = renderToolViewUri(definition.name);
    server.registerResource(
      `Drawbridge ${definition.name}`,
      uri,
      { description: `The ${definition.name} component as an MCP App view.`, mimeType: mcpAppViewMimeType },
      async () => {
        const { script, style } = await sources.readRenderToolView();
        return {
          contents: [
            {
              uri,
              mimeType: mcpAppViewMimeType,
              text: renderRenderToolViewHtml({ tool: definition.name, script, style }),
              // No CSP domains and no permissions: the host's defaults (no network) are all a view needs.
              _meta: { ui: { prefersBorder: true } },
            },
          ],
        };
      },
    );
    server.registerTool(
      definition.name,
      {
        title: definition.title,
        description: note === undefined ? definition.description : `${definition.description} ${note}`,
        inputSchema: definition.schema,
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri },
      },
      async () => ({ content: [{ type: 'text', text: definition.ack }] }),
    );
  }
}
