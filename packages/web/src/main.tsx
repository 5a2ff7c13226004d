import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatApp } from './app/chat-app.tsx';
import './styles/app.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('index.html has no #root element.');
}
createRoot(rootElement).render(
  <StrictMode>
    <ChatApp />
  </StrictMode>,
);
