import type { ToolCallHandler, ToolCallHookContext } from '../transcript/tool-call-hook.ts';
import type { TranscriptMessage, TranscriptState } from '../transcript/transcript-state.ts';
import { findToolCall } from './find-tool-call.ts';

/** Draws every call of a restored transcript again, as restored (never answered), with a sent form's answers. */
export function drawRestoredCalls<View>({
  messages,
  draw,
  context,
}: {
  messages: TranscriptMessage[];
  draw: ToolCallHandler<View> | undefined;
  context: ToolCallHookContext;
}): Map<string, View> {
  const views = new Map<string, View>();
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.kind !== 'tool-call') continue;
      const { toolCallId, toolCallName, argsJson, sentAnswers } = part.call;
      const view = draw?.(
        { toolCallId, toolCallName, argsJson, restored: true, ...(sentAnswers ? { sentAnswers } : {}) },
        context,
      );
      if (view !== undefined) views.set(toolCallId, view);
    }
  }
  return views;
}

/**
 * Draws a call the server parked, with the arguments the transcript holds (complete: the server announces a
 * call only after its TOOL_CALL_END); answered by the handler unless `restored` (a replayed call, answered).
 */
export function drawParkedCall<View>({
  transcript,
  toolCallId,
  restored,
  draw,
  context,
}: {
  transcript: TranscriptState;
  toolCallId: string;
  restored: boolean;
  draw: ToolCallHandler<View> | undefined;
  context: ToolCallHookContext;
}): View | undefined {
  const call = findToolCall(transcript, toolCallId);
  if (call === undefined || !call.complete) return undefined;
  return draw?.({ toolCallId, toolCallName: call.toolCallName, argsJson: call.argsJson, restored }, context);
}
