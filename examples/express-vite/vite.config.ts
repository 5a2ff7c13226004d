import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: Vite serves the page and hands /ai to the Express server (`npm start`, port 3000).
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/ai': 'http://127.0.0.1:3000' } },
});
