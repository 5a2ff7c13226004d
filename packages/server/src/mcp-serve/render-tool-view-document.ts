/**
 * The view document for one typed render tool, `ui://drawbridge/<tool>.html`: the render-tool view's script
 * and stylesheet inline (a host serves the resource's text as the whole document and fetches nothing else
 * from us), and the tool it draws named on `<html data-render-tool>`.
 */
export function renderRenderToolViewHtml({
  tool,
  script,
  style,
}: {
  tool: string;
  script: string;
  style: string;
}): string {
  return `<!doctype html>
<html lang="en" data-theme="light" data-render-tool="${tool.replace(/[^a-z_]/g, '')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Drawbridge ${tool.replace(/[^a-z_]/g, '')}</title>
<style>${style.replace(/<\/style/gi, '<\\/style')}</style>
</head>
<body>
<div id="render-root"></div>
<script>${script.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--')}</script>
</body>
</html>
`;
}
