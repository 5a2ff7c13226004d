import {
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  messageListResponseSchema,
  replySegments,
  type SequencedRunEvent,
} from '@drawbridge/protocol';

/** The widget markup a client drew from the events it received (the shared reducer's fold). */
export function markupOf(events: readonly SequencedRunEvent[]): string {
  const start = events.find((item) => item.event.type === EventType.TEXT_MESSAGE_START)?.event;
  if (start?.type !== EventType.TEXT_MESSAGE_START) return '';
  const reply = events.map((item) => item.event).reduce(applyReplyEvent, emptyReplyMessage(start.messageId));
  return replySegments(reply).find((segment) => segment.widget !== undefined)?.widget?.html ?? '';
}

/** The markup the thread holds, as a reload reads it. */
export async function storedMarkup(url: string, threadId: string): Promise<string> {
  const response = await fetch(`${url}/api/threads/${threadId}/messages`);
  const { messages } = messageListResponseSchema.parse(await response.json());
  return messages.find((message) => message.widget !== undefined)?.widget?.html ?? '';
}
