import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { loadMarkdownRenderer } from './markdown/load-markdown-renderer.ts';
import { fetchSession } from './session/auth-client.ts';
import { SessionGate } from './session/session-gate.tsx';
import '@drawbridge/react/styles.css';
import './styles/app.css';
import { errorMessage } from './components/error-message.ts';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('index.html has no #root element.');
}
// React replaces the static shell that index.html paints while this script loads, once the server said
// who is signed in: the shell stays up meanwhile, instead of flashing a loading line or the sign-in page.
const render = (initial: Parameters<typeof SessionGate>[0]['initial']) =>
  createRoot(rootElement).render(
    <StrictMode>
      <SessionGate initial={initial}>
        <AppRouter />
      </SessionGate>
    </StrictMode>,
  );
fetchSession().then(
  (session) => render({ session }),
  (error: unknown) => render({ failure: errorMessage(error) }),
);
// Fetched after the first render, so the empty chat does not wait for it and the first reply need not.
void loadMarkdownRenderer();
