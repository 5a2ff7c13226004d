import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/** The chat app's server in development; the built app is served by the Drawbridge server itself. */
const developmentServer = 'http://127.0.0.1:8787';

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/**
 * Writes a `.br` and a `.gz` beside every hashed script, style and SVG, compressed once at the highest
 * levels, so the server picks one by `Accept-Encoding` and never compresses while a visitor waits.
 */
function precompressAssets(): Plugin {
  return {
    name: 'drawbridge-precompress-assets',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (dir === undefined) return;
      const files = Object.values(bundle).filter(
        (file) => file.fileName.startsWith('assets/') && /\.(?:js|css|svg|json)$/.test(file.fileName),
      );
      await Promise.all(
        files.map(async (file) => {
          const content = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          const [brotli, gzipped] = await Promise.all([
            compressWithBrotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            compressWithGzip(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          const path = join(dir, file.fileName);
          await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressAssets()],
  // Our packages from their TypeScript sources (their `drawbridge-source` export condition), as the tests use them.
  resolve: { conditions: ['drawbridge-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The page runs under `script-src 'self'`: no inline module preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: developmentServer },
      '/frame': { target: developmentServer },
      '/vendor': { target: developmentServer },
    },
  },
});
