import type { TranscriptMessage } from './transcript-state.ts';

/**
 * A thread as it stood before its running reply: the stored reply so far is left out, because replaying the
 * run's events from its start draws it again (and on), and keeping both would show its text twice. The
 * calls in the left-out part were already drawn and answered; their ids say not to answer them again.
 */
export function withoutActiveReply(messages: TranscriptMessage[]): {
  messages: TranscriptMessage[];
  answeredToolCallIds: Set<string>;
} {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return { messages, answeredToolCallIds: new Set() };
  const answeredToolCallIds = new Set(
    last.parts.flatMap((part) => (part.kind === 'tool-call' ? [part.call.toolCallId] : [])),
  );
  return { messages: messages.slice(0, -1), answeredToolCallIds };
}
