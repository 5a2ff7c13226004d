export { ChatApp } from './app/chat-app.tsx';
export { useLinkConfirmation } from './frame-host/link-confirmation.tsx';
export { isTrustedLinkHost } from './frame-host/trusted-link-hosts.ts';
export {
  handleWidgetLink,
  handleWidgetPrompt,
  pageLinkBudget,
  pagePromptBudget,
  type WidgetLinkOptions,
  widgetLinkLimit,
  widgetPromptLimit,
} from './frame-host/widget-bridge.ts';
export { openInNewTab, widgetLinkOptions } from './frame-host/widget-link-options.ts';
