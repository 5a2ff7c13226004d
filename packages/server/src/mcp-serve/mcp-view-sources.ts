import { readFile } from 'node:fs/promises';
import { frameDistributionFiles } from '@drawbridge/frame';

/** The built scripts and styles the MCP server inlines into its `ui://` view documents. */
export interface McpViewSources {
  /** `packages/frame/dist/`: the `show_widget` view script and the three.js it runs for 3D widgets. */
  readWidgetView(): Promise<{ script: string; threeScript: string }>;
  /** `packages/web/dist/mcp-app-view/`: the typed render tools' view, the chat's own components. */
  readRenderToolView(): Promise<{ script: string; style: string }>;
}

const renderToolViewDirectory = new URL('../../../web/dist/mcp-app-view/', import.meta.url);

/** The files `npm run build` writes; each read rejects while its package is not built. */
export const builtMcpViewSources: McpViewSources = {
  async readWidgetView() {
    const [script, threeScript] = await Promise.all([
      readFile(frameDistributionFiles.mcpAppView, 'utf8'),
      readFile(frameDistributionFiles.threeGlobal, 'utf8'),
    ]);
    return { script, threeScript };
  },
  async readRenderToolView() {
    const [script, style] = await Promise.all([
      readFile(new URL('render-tool-view.js', renderToolViewDirectory), 'utf8'),
      readFile(new URL('render-tool-view.css', renderToolViewDirectory), 'utf8'),
    ]);
    return { script, style };
  },
};
