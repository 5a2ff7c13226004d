// Builds the frame: the runtime bundle, the three.js bundle for standalone exports, and the
// bootstrap document. Run with `npm run build --workspace @drawbridge/frame`.
import { mkdir, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { renderFrameBootstrapHtml } from './src/frame-document.ts';

const packageDirectory = new URL('./', import.meta.url);
const distribution = new URL('dist/', packageDirectory);
await mkdir(distribution, { recursive: true });

await build({
  entryPoints: [new URL('src/runtime/main.ts', packageDirectory).pathname],
  outfile: new URL('runtime.js', distribution).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});

// The MCP Apps sandbox proxy, served from the sandbox origin (packages/server/src/mcp/sandbox-server.ts).
await build({
  entryPoints: [new URL('src/mcp-sandbox/sandbox-proxy.ts', packageDirectory).pathname],
  outfile: new URL('mcp-sandbox-proxy.js', distribution).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});

// The `show_widget` view served to MCP hosts (packages/server/src/mcp-serve/).
await build({
  entryPoints: [new URL('src/mcp-app-view/main.ts', packageDirectory).pathname],
  outfile: new URL('mcp-app-view.js', distribution).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});

await build({
  stdin: {
    contents:
      "export * from 'three';\nexport { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';\n",
    resolveDir: packageDirectory.pathname,
    loader: 'js',
  },
  outfile: new URL('three-bundle.js', distribution).pathname,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});

// The same three.js for the show_widget view, which can import nothing (src/mcp-app-view/three-import-rewriter.ts).
await build({
  stdin: {
    contents:
      "import * as THREE from 'three';\nimport { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';\n" +
      "Object.defineProperty(globalThis, '__drawbridgeThree', { value: Object.freeze({ ...THREE, OrbitControls }) });\n",
    resolveDir: packageDirectory.pathname,
    loader: 'js',
  },
  outfile: new URL('three-global.js', distribution).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});

await writeFile(new URL('frame.html', distribution), renderFrameBootstrapHtml());
