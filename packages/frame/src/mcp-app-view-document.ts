import { frameThemeCss } from './frame-document.ts';
import { escapeInlineScript } from './inline-element-text.ts';
import { frameKitCss } from './kit/kit-stylesheet.ts';
import { inlineModules } from './mcp-app-view/inline-modules.ts';

/** The MIME type MCP Apps hosts expect of a view resource. */
export const mcpAppViewMimeType = 'text/html;profile=mcp-app';

/**
 * The `show_widget` view document an MCP host loads from `ui://drawbridge/widget.html`: one file with the
 * view script (`dist/mcp-app-view.js`) inline, because a host serves the resource's text as the whole
 * document and fetches nothing else from us. three.js (`dist/three-global.js`) and the kit's script module
 * (`dist/kit-global.js`) are carried inert, as text, and each is run by the view only for a widget that
 * imports it: a host's default policy allows inline scripts and no other source, not even `data:`. The kit's
 * stylesheet is in the document, as in every frame. The widget's CSS and markup arrive later, over the bridge.
 */
export function renderMcpAppViewHtml({
  viewSource,
  threeSource,
  kitSource,
}: {
  viewSource: string;
  threeSource: string;
  kitSource: string;
}): string {
  return `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawbridge widget</title>
<style>${frameThemeCss}
${frameKitCss}
body{padding:16px}</style>
<style id="widget-css"></style>
</head>
<body>
<div id="widget-root"></div>
<script type="text/plain" id="${inlineModules.three.sourceElementId}">${escapeInlineScript(threeSource)}</script>
<script type="text/plain" id="${inlineModules.kit.sourceElementId}">${escapeInlineScript(kitSource)}</script>
<script>${escapeInlineScript(viewSource)}</script>
</body>
</html>
`;
}
