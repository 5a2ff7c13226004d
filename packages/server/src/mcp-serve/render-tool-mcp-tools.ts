import { mcpAppViewMimeType } from '@drawbridge/frame';
import {
  renderChartArgsSchema,
  renderFormArgsSchema,
  renderImageArgsSchema,
  renderTableArgsSchema,
} from '@drawbridge/protocol';
import { RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { McpViewSources } from './mcp-view-sources.ts';
import { renderRenderToolViewHtml } from './render-tool-view-document.ts';

interface RenderToolEntry {
  name: string;
  title: string;
  schema: z.ZodObject;
  description: string;
  /** The one line the model reads back, as in the chat. */
  acknowledgement: string;
}

const renderToolEntries: readonly RenderToolEntry[] = [
  {
    name: 'render_image',
    title: 'Show image',
    schema: renderImageArgsSchema,
    description:
      'Show an image to the user. The url must be an absolute https: URL; alt text is required. The view loads nothing remote: the user opens the image from it.',
    acknowledgement: 'Displayed the image to the user.',
  },
  {
    name: 'render_form',
    title: 'Show form',
    schema: renderFormArgsSchema,
    description:
      "Show a form to the user (fields: text, number, select, checkbox, date; labels and validation rules). The user's answers arrive as their next message.",
    acknowledgement: "Displayed the form to the user; their answers will arrive as the user's next message.",
  },
  {
    name: 'render_table',
    title: 'Show table',
    schema: renderTableArgsSchema,
    description:
      'Show rows of records as a sortable table. Columns have a key, a label and a type (string, number, date, boolean); each row maps column keys to values.',
    acknowledgement: 'Displayed the table to the user.',
  },
  {
    name: 'render_chart',
    title: 'Show chart',
    schema: renderChartArgsSchema,
    description:
      'Draw a line, bar, area or pie chart: labels for the x axis (or slices) and one or more named series of numbers, one value per label. A pie takes one series.',
    acknowledgement: 'Displayed the chart to the user.',
  },
];

/** The names of the typed render tools the MCP server offers. */
export const renderToolNames = renderToolEntries.map((entry) => entry.name);

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
  for (const entry of renderToolEntries) {
    const uri = renderToolViewUri(entry.name);
    server.registerResource(
      `Drawbridge ${entry.name}`,
      uri,
      { description: `The ${entry.name} component as an MCP App view.`, mimeType: mcpAppViewMimeType },
      async () => {
        const { script, style } = await sources.readRenderToolView();
        return {
          contents: [
            {
              uri,
              mimeType: mcpAppViewMimeType,
              text: renderRenderToolViewHtml({ tool: entry.name, script, style }),
              // No CSP domains and no permissions: the host's defaults (no network) are all a view needs.
              _meta: { ui: { prefersBorder: true } },
            },
          ],
        };
      },
    );
    server.registerTool(
      entry.name,
      {
        title: entry.title,
        description: entry.description,
        inputSchema: entry.schema,
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri },
      },
      async () => ({ content: [{ type: 'text', text: entry.acknowledgement }] }),
    );
  }
}
