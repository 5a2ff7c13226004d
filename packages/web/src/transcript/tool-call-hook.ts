import type { ReactNode } from 'react';

/** A tool call to draw: one the server parked for this browser (draw and answer it) or one restored from the store. */
export interface CompletedToolCall {
  toolCallId: string;
  toolCallName: string;
  argsJson: string;
  /** True when the call comes from a reloaded thread: draw it again, answer nothing. */
  restored: boolean;
}

export interface ToolCallHookContext {
  threadId: string;
  /** Sends text as the user's next message (a form's answers, for instance). */
  sendUserMessage(text: string): void;
}

/**
 * The one hook point for typed render tools: given a call the server parked (or a restored one), return what
 * to draw in its place (or undefined to show the generic card). The app never names a tool; the widget
 * registry does. Calls the server refused or ran itself never reach it: their TOOL_CALL_RESULT says why.
 */
export type ToolCallHandler<View = ReactNode> = (
  call: CompletedToolCall,
  context: ToolCallHookContext,
) => View | undefined;
