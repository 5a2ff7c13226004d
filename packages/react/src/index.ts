/** @module @drawbridge/react */

// The public entry of @drawbridge/react: a headless layer (the run client and its React hook, over the shared
// reply reducer of @drawbridge/protocol), the sandboxed widget frame's host and its card, and the typed
// render-tool registry. Safe to import where there is no DOM (server rendering): nothing here touches `window` or
// `document` until a client, a frame or a component's effect runs.

// A renderer of `drawbridge.widget` activities (CopilotKit's) draws a live edit from its base among the client's
// messages: `activityWidgetLookup(messages)(id)` is the widget a FrameHost takes (docs/protocol.md, *Edits*).
export {
  activityWidgetLookup,
  type ClientMessage,
  replyWidgetOfActivity,
  type WidgetLookup,
} from '@drawbridge/protocol';
export {
  AgentRunClient,
  type AgentRunClientOptions,
  type AgentRunSnapshot,
  type OpenThreadOutcome,
  type UserMessageAnswers,
} from './agent-run/agent-run-client.ts';
export { type AgentRunTransport, httpAgentRunTransport } from './agent-run/agent-run-transport.ts';
export type { BridgeOutcome } from './agent-run/bridge-outcome.ts';
export type { Connectivity } from './agent-run/connectivity.ts';
export { describeRunFailure } from './agent-run/describe-run-failure.ts';
export type { LoadedThread } from './agent-run/load-stored-thread.ts';
export { idleRunStatus, type RunStatus } from './agent-run/run-status.ts';
export { type UseAgentRunOptions, useAgentRun } from './agent-run/use-agent-run.ts';
export {
  changePassword,
  createApiToken,
  fetchApiTokens,
  hasPassword,
  postAuth,
  requestPasswordReset,
  resetPassword,
  revokeApiToken,
} from './api/account-api.ts';
export {
  createThread,
  deleteThread,
  fetchHealth,
  fetchMessages,
  fetchThreads,
  renameThread,
  rewindThread,
  searchThreads,
  selectBranch,
  standaloneWidgetUrl,
  updateThread,
} from './api/api-client.ts';
export { ApiError } from './api/api-error.ts';
export { apiUrl, type ServerLocation } from './api/api-url.ts';
export { attachmentUrl, uploadAttachment } from './api/attachment-api.ts';
export { requestJson } from './api/request-json.ts';
export { cancelRun, followRun } from './api/run-api.ts';
export { createShare, fetchShares, revokeShare, sharedPageUrl } from './api/share-api.ts';
export { type AgentRunRequest, streamAgentRun } from './api/stream-agent-run.ts';
export { importThread, threadExportUrl } from './api/thread-export-api.ts';
export { putWidgetState } from './api/widget-state-api.ts';
export { DrawbridgeChat, type DrawbridgeChatProps } from './chat/drawbridge-chat.tsx';
export { AttachmentList } from './components/attachment-list.tsx';
export { Composer } from './components/composer.tsx';
export {
  composeMessage,
  describePastedText,
  isLargeText,
  type MessageSegment,
  messageSegments,
} from './components/pasted-text.ts';
export { PastedTextBlock } from './components/pasted-text-block.tsx';
export { RunStatusLine } from './components/run-status-line.tsx';
export type { ComposerFile, UploadFile } from './components/use-composer-files.ts';
export {
  FrameHost,
  type FrameHostCallbacks,
  type FrameHostOptions,
  type FrameHostUpdate,
  type FrameHostWidget,
} from './frame-host/frame-host.ts';
export {
  type DispatchOutcome,
  dispatchToolCall,
  type WidgetCall,
} from './render-tools/dispatch-tool-call.ts';
export { formAnswerLines, formAnswersAsMessage } from './render-tools/form-answers-as-message.ts';
export { type PostToolResultOutcome, postToolResult } from './render-tools/post-tool-result.ts';
export { renderStoredWidget } from './render-tools/render-stored-widget.tsx';
export { createRenderToolHandler } from './render-tools/render-tool-handler.tsx';
export { toolCallNoun } from './render-tools/tool-call-noun.ts';
export { validateWithSchema } from './render-tools/validate-with-schema.ts';
export {
  defineWidget,
  type FormSubmitOutcome,
  type WidgetDefinition,
  type WidgetRegistry,
  type WidgetRenderProps,
  type WidgetValidation,
} from './render-tools/widget-definition.ts';
export { WidgetProblem } from './render-tools/widget-problem.tsx';
export { type WidgetRenderers, widgetRegistryFrom } from './render-tools/widget-registry-from-definitions.ts';
export {
  type ChatListGroup,
  type ChatListGroupKey,
  type GroupableThread,
  groupChatList,
} from './thread-list/chat-list-groups.ts';
export type {
  CompletedToolCall,
  ToolCallHandler,
  ToolCallHookContext,
} from './transcript/tool-call-hook.ts';
export { transcriptFromStored } from './transcript/transcript-from-stored.ts';
export { type TranscriptAction, transcriptReducer } from './transcript/transcript-reducer.ts';
export {
  createTranscriptWidget,
  emptyTranscript,
  messageProse,
  type TranscriptMessage,
  type TranscriptPart,
  type TranscriptState,
  type TranscriptToolCall,
  type TranscriptWidget,
  transcriptWidgetSource,
} from './transcript/transcript-state.ts';
export {
  type ActivityRenderer,
  type MessagePartRenderers,
  PlainProse,
  type ProseRenderer,
  type ToolCallRenderer,
} from './transcript-view/message-part-renderers.tsx';
export { TypingDots } from './transcript-view/message-view.tsx';
export { ToolCallCard } from './transcript-view/tool-call-card.tsx';
export {
  replyProse,
  type TranscriptMessageSlot,
  TranscriptView,
  type TranscriptViewProps,
} from './transcript-view/transcript-view.tsx';
export { useLinkConfirmation } from './widget-bridge/link-confirmation.tsx';
export { isTrustedLinkHost } from './widget-bridge/trusted-link-hosts.ts';
export {
  handleWidgetLink,
  handleWidgetPrompt,
  pageLinkBudget,
  pagePromptBudget,
  type WidgetLinkOptions,
  widgetLinkLimit,
  widgetPromptLimit,
} from './widget-bridge/widget-bridge.ts';
export { openInNewTab, widgetLinkOptions } from './widget-bridge/widget-link-options.ts';
export { pageWidgetStates, WidgetStateBook, type WidgetStateKey } from './widget-bridge/widget-state-book.ts';
export { FrameWatchdog, type FrameWatchdogOptions } from './widget-card/hardening/frame-watchdog.ts';
export { distanceFromViewport, pageWebglBudget } from './widget-card/hardening/webgl-budget.ts';
export {
  WidgetStoppedNotice,
  type WidgetStopReason,
} from './widget-card/hardening/widget-stopped-notice.tsx';
export { WidgetRepairHistoryContext, widgetRepairHistoryOf } from './widget-card/widget-auto-repair.ts';
export { WidgetCard } from './widget-card/widget-card.tsx';
export {
  defaultWidgetEnvironment,
  useWidgetEnvironment,
  type WidgetEnvironment,
  WidgetEnvironmentContext,
} from './widget-card/widget-environment.ts';
export {
  type WidgetLineages,
  WidgetLineagesContext,
  widgetLineagesOf,
} from './widget-card/widget-lineages-context.ts';
export { readWidgetRepairRequest, widgetRepairRequestLabel } from './widget-card/widget-repair-request.ts';
