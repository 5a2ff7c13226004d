import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The chat app's server in development; the built app is served by the Drawbridge server itself. */
const developmentServer = 'http://127.0.0.1:8787';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
