import type { EventType, RunEventOfType } from '@drawbridge/protocol';

/** The text of a TOOL_CALL_RESULT: AG-UI 1.0 allows content parts there, and the transcript keeps their text. */
export function toolResultText(event: RunEventOfType<EventType.TOOL_CALL_RESULT>): string {
  if (typeof event.content === 'string') return event.content;
  return event.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}
