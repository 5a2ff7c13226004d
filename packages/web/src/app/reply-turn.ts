import type { TranscriptMessage } from '@drawbridge/react';

/** A user message with its position among the thread's user messages: how the server names a turn. */
export interface ReplyTurn {
  userMessage: TranscriptMessage;
  /** From 0; the transcript and the store hold the same user messages in the same order. */
  turn: number;
}

/**
 * The turn a message belongs to: a user message is its own; an assistant message belongs to the user
 * message before it. `undefined` for an assistant message nobody asked for (the start of a thread).
 */
export function replyTurn(messages: readonly TranscriptMessage[], messageId: string): ReplyTurn | undefined {
  const index = messages.findIndex((message) => message.id === messageId);
  if (index === -1) return undefined;
  const userIndex = messages.findLastIndex(
    (message, position) => position <= index && message.role === 'user',
  );
  const userMessage = messages[userIndex];
  if (userMessage === undefined) return undefined;
  const turn = messages.slice(0, userIndex).filter((message) => message.role === 'user').length;
  return { userMessage, turn };
}

/**
 * Whether an assistant message ends its reply (the next message is the user's, or there is none): a reply
 * stored in segments shows its actions and details once, under its last part.
 */
export function endsReply(messages: readonly TranscriptMessage[], index: number): boolean {
  return messages[index]?.role === 'assistant' && messages[index + 1]?.role !== 'assistant';
}
