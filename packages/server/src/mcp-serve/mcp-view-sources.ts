import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { frameDistributionFiles } from '@drawbridge/frame';
import { webDistributionDirectory } from '../node-server/web-distribution-directory.ts';

/** The built scripts and styles the MCP server inlines into its `ui://` view documents. */
export interface McpViewSources {
  /** `packages/frame/dist/`: the `show_widget` view script, and the three.js and kit it runs for widgets importing them. */
  readWidgetView(): Promise<{ script: string; threeScript: string; kitScript: string }>;
  /** `mcp-app-view/` of the built web app: the typed render tools' view, the chat's own components. */
  readRenderToolView(): Promise<{ script: string; style: string }>;
}

/** The files `npm run build` writes; each read rejects while its package is not built. */
export const builtMcpViewSources: McpViewSources = {
  async readWidgetView() {
    const [script, threeScript, kitScript] = await Promise.all([
      readFile(frameDistributionFiles.mcpAppView, 'utf8'),
      readFile(frameDistributionFiles.threeGlobal, 'utf8'),
      readFile(frameDistributionFiles.kitGlobal, 'utf8'),
    ]);
    return { script, threeScript, kitScript };
  },
  async readRenderToolView() {
    const webDirectory = webDistributionDirectory();
    if (webDirectory === undefined) throw new Error('The web app (@drawbridge/web) is not installed.');
    const viewDirectory = join(webDirectory, 'mcp-app-view');
    const [script, style] = await Promise.all([
      readFile(join(viewDirectory, 'render-tool-view.js'), 'utf8'),
      readFile(join(viewDirectory, 'render-tool-view.css'), 'utf8'),
    ]);
    return { script, style };
  },
};
