import type { TranscriptState, TranscriptToolCall } from '../transcript/transcript-state.ts';

/** The call with `toolCallId` as the transcript accumulated it, or undefined when no message holds it. */
export function findToolCall(
  transcript: TranscriptState,
  toolCallId: string,
): TranscriptToolCall | undefined {
  for (const message of transcript.messages) {
    for (const part of message.parts) {
      if (part.kind === 'tool-call' && part.call.toolCallId === toolCallId) return part.call;
    }
  }
  return undefined;
}
