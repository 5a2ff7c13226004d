import type { ReactNode } from 'react';

/** A tool call whose arguments are complete: streamed (TOOL_CALL_END) or restored from the store. */
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
 * The one hook point for typed render tools: given a completed call, return what to draw in its place
 * (or undefined to show the generic card). The app never names a tool; the widget registry does.
 */
export type ToolCallEndHandler = (
  call: CompletedToolCall,
  context: ToolCallHookContext,
) => ReactNode | undefined;
