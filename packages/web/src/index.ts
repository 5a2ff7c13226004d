export { WidgetPartLog } from '@drawbridge/protocol';
export { ChatApp } from './app/chat-app.tsx';
export {
  FrameHost,
  type FrameHostOptions,
  type FrameHostUpdate,
  type FrameHostWidget,
} from './frame-host/frame-host.ts';
export {
  type BridgeOutcome,
  handleWidgetLink,
  handleWidgetPrompt,
  pagePromptBudget,
  widgetPromptLimit,
} from './frame-host/widget-bridge.ts';
export type {
  CompletedToolCall,
  ToolCallHandler,
  ToolCallHookContext,
} from './transcript/tool-call-hook.ts';
export { type TranscriptAction, transcriptReducer } from './transcript/transcript-reducer.ts';
export * from './transcript/transcript-state.ts';
