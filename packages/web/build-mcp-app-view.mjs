import { build } from 'esbuild';

/**
 * The view Drawbridge's MCP server serves for the typed render tools (packages/server/src/mcp-serve/): the
 * chat's own components, bundled as one script and one stylesheet, which the server inlines into each
 * `ui://drawbridge/render_*.html` document (a host fetches nothing else from us). Written after `vite build`,
 * which empties `dist/`. Our packages come from their sources (the `drawbridge-source` condition), as in Vite.
 */
await build({
  entryPoints: { 'render-tool-view': new URL('src/mcp-app-view/main.tsx', import.meta.url).pathname },
  outdir: new URL('dist/mcp-app-view/', import.meta.url).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  conditions: ['drawbridge-source'],
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
});
