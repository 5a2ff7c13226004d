// Builds the frame: the runtime bundle, the three.js bundle for standalone exports, and the
// bootstrap document. Run with `npm run build --workspace @drawbridge/frame`.
import { mkdir, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { renderFrameBootstrapHtml } from './src/frame-document.ts';
import { inlineModules } from './src/mcp-app-view/inline-modules.ts';

const packageDirectory = new URL('./', import.meta.url);
const distribution = new URL('dist/', packageDirectory);
await mkdir(distribution, { recursive: true });

/**
 * Every bundle the frame ships is built the same way: minified ES2022 with no license comments, in dist/, from
 * the sources of `@drawbridge/protocol` (its `drawbridge-source` condition), so bundling needs no build of it.
 */
function bundle({ file, format = 'iife', ...input }) {
  return build({
    ...input,
    outfile: new URL(file, distribution).pathname,
    bundle: true,
    format,
    target: 'es2022',
    conditions: ['drawbridge-source'],
    minify: true,
    legalComments: 'none',
  });
}
const source = (path) => new URL(path, packageDirectory).pathname;

await bundle({ entryPoints: [source('src/runtime/main.ts')], file: 'runtime.js' });

// The kit's script module (charts over chartist, form helpers, the 3D stage), `import … from 'kit'` in a widget.
// three.js stays a bare import, resolved by the frame's import map when `stage()` first runs.
await bundle({
  entryPoints: [source('src/kit/main.ts')],
  file: 'kit.js',
  format: 'esm',
  external: ['three', 'three/*'],
});

// The MCP Apps sandbox proxy, served from the sandbox origin (packages/server/src/mcp/sandbox-server.ts).
await bundle({ entryPoints: [source('src/mcp-sandbox/sandbox-proxy.ts')], file: 'mcp-sandbox-proxy.js' });

// The `show_widget` view served to MCP hosts (packages/server/src/mcp-serve/).
await bundle({ entryPoints: [source('src/mcp-app-view/main.ts')], file: 'mcp-app-view.js' });

await bundle({
  stdin: {
    contents:
      "export * from 'three';\nexport { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';\n",
    resolveDir: packageDirectory.pathname,
    loader: 'js',
  },
  file: 'three-bundle.js',
  format: 'esm',
});

// The same three.js and kit for the show_widget view, which can import nothing: each a classic script defining
// its global (src/mcp-app-view/inline-module-imports.ts).
await bundle({
  stdin: {
    contents:
      "import * as THREE from 'three';\nimport { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';\n" +
      `Object.defineProperty(globalThis, '${inlineModules.three.globalName}', { value: Object.freeze({ ...THREE, OrbitControls }) });\n`,
    resolveDir: packageDirectory.pathname,
    loader: 'js',
  },
  file: 'three-global.js',
});
// In the view the kit's stage takes three.js from the copy the document carries, not from an import map.
const threeFromTheView = {
  name: 'three-from-the-view',
  setup(build) {
    build.onResolve({ filter: /^\.\/load-three\.ts$/ }, () => ({
      path: source('src/mcp-app-view/load-inline-three.ts'),
    }));
  },
};
await bundle({
  stdin: {
    contents:
      "import * as kit from './src/kit/main.ts';\n" +
      `Object.defineProperty(globalThis, '${inlineModules.kit.globalName}', { value: Object.freeze({ ...kit }) });\n`,
    resolveDir: packageDirectory.pathname,
    loader: 'js',
  },
  file: 'kit-global.js',
  plugins: [threeFromTheView],
});

await writeFile(new URL('frame.html', distribution), renderFrameBootstrapHtml());
