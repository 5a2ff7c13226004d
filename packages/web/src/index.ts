export { ChatApp } from './app/chat-app.tsx';
