export { ChatApp } from './app/chat-app.tsx';
export {
  handleWidgetLink,
  handleWidgetPrompt,
  pagePromptBudget,
  widgetPromptLimit,
} from './frame-host/widget-bridge.ts';
