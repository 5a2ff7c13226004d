import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import './styles/app.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('index.html has no #root element.');
}
createRoot(rootElement).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
