import type { FormAnswers } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';

/** A tool call to draw: one the server parked for this browser (draw and answer it) or one restored from the store. */
export interface CompletedToolCall {
  toolCallId: string;
  toolCallName: string;
  argsJson: string;
  /** True when the call comes from a reloaded thread: draw it again, answer nothing. */
  restored: boolean;
  /** For a restored form the user already sent: the answers it went with (the form is drawn as sent). */
  sentAnswers?: FormAnswers['values'];
}

export interface ToolCallHookContext {
  threadId: string;
  /**
   * Sends text as the user's next message; a form's answers name their call, so the thread remembers that
   * form as sent. Refused (with the reason) while a reply is still running.
   */
  sendUserMessage(text: string, options?: { formAnswers?: FormAnswers }): BridgeOutcome;
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
