import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { loadMarkdownRenderer } from './markdown/load-markdown-renderer.ts';
import './styles/app.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('index.html has no #root element.');
}
// React replaces the static shell that index.html paints while this script loads.
createRoot(rootElement).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
// Fetched after the first render, so the empty chat does not wait for it and the first reply need not.
void loadMarkdownRenderer();
