import { frameThemeCss } from './frame-document.ts';

/** The MIME type MCP Apps hosts expect of a view resource. */
export const mcpAppViewMimeType = 'text/html;profile=mcp-app';

/**
 * The `show_widget` view document an MCP host loads from `ui://drawbridge/widget.html`: one file with the
 * view script (`dist/mcp-app-view.js`) inline, because a host serves the resource's text as the whole
 * document and fetches nothing else from us. The widget's CSS and markup arrive later, over the bridge.
 */
export function renderMcpAppViewHtml({ viewSource }: { viewSource: string }): string {
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawbridge widget</title>
<style>${frameThemeCss}
body{padding:16px}</style>
<style id="widget-css"></style>
</head>
<body>
<div id="widget-root"></div>
<script>${viewSource.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`;
}
