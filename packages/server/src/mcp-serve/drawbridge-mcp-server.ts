import { mcpAppViewMimeType, renderMcpAppViewHtml } from '@drawbridge/frame';
import { clampWidgetHeight, defaultWidgetHeight } from '@drawbridge/protocol/widget-height';
import { RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { drawbridgeVersion } from '../cli/drawbridge-version.ts';
import type { McpViewSources } from './mcp-view-sources.ts';
import { registerRenderTools } from './render-tool-mcp-tools.ts';

/** The `ui://` resource `show_widget`'s view lives at. */
export const widgetViewUri = 'ui://drawbridge/widget.html';

const showWidgetInput = z.object({
  title: z.string().min(1).max(200).describe('A short title for the widget.'),
  height: z
    .number()
    .int()
    .optional()
    .describe('Preferred height in CSS pixels (clamped to what the frame allows).'),
  css: z.string().default('').describe('The stylesheet; streamed first so the markup never shows unstyled.'),
  html: z.string().describe('The markup (no <script>, no inline handlers); built live as it streams.'),
  js: z.string().default('').describe('Behaviour, run once as a module after the markup is complete.'),
});

const showWidgetDescription = [
  'Show an interactive widget (HTML, CSS and JavaScript) in a sandboxed view.',
  'Order the arguments title, height, css, html, js: the view applies CSS and markup while they stream and',
  "runs js once, when the call is complete. `const view = await stage(canvas)` (`import { stage } from 'kit'`)",
  'sets up a 3D scene: `view.THREE`, `view.add(mesh)`, `view.onFrame(({ delta }) => …)`.',
].join(' ');

/**
 * A Drawbridge MCP App server for one session or request: `show_widget`, the four typed render tools and
 * the view resources they name. Built fresh per connection (stdio) or per request (stateless HTTP), so it
 * holds no state.
 */
export function createDrawbridgeMcpServer({ sources }: { sources: McpViewSources }): McpServer {
  const server = new McpServer({ name: 'drawbridge', version: drawbridgeVersion() });
  server.registerResource(
    'Drawbridge widget',
    widgetViewUri,
    {
      description: 'The Drawbridge frame runtime as an MCP App view; it builds show_widget calls live.',
      mimeType: mcpAppViewMimeType,
    },
    async () => ({
      contents: [
        {
          uri: widgetViewUri,
          mimeType: mcpAppViewMimeType,
          text: await sources
            .readWidgetView()
            .then(({ script, threeScript, kitScript }) =>
              renderMcpAppViewHtml({ viewSource: script, threeSource: threeScript, kitSource: kitScript }),
            ),
          // The view needs nothing beyond the host's defaults: no network, no frames, no permissions.
          _meta: { ui: { prefersBorder: true } },
        },
      ],
    }),
  );
  server.registerTool(
    'show_widget',
    {
      title: 'Show widget',
      description: showWidgetDescription,
      inputSchema: showWidgetInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
      // The flat key is what hosts older than the stable extension read; both name the same view.
      _meta: { ui: { resourceUri: widgetViewUri }, [RESOURCE_URI_META_KEY]: widgetViewUri },
    },
    async ({ title, height }) => {
      const shownHeight = clampWidgetHeight(height ?? defaultWidgetHeight);
      return {
        content: [
          { type: 'text', text: `Showing the widget "${title}" (${shownHeight}px tall) to the user.` },
        ],
        structuredContent: { title, height: shownHeight },
      };
    },
  );
  registerRenderTools({ server, sources });
  return server;
}
