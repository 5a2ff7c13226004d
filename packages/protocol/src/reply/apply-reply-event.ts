import { isDrawbridgeEvent } from '../drawbridge-events.ts';
import { EventType, type RunEvent, type RunEventOfType } from '../run-events.ts';
import { applyReplyActivity, type WidgetLookup } from './apply-reply-activity.ts';
import type { ReplyMessage, ReplyPart, ReplyToolCall } from './reply-message.ts';

/** The text of a TOOL_CALL_RESULT: AG-UI 1.0 allows content parts there, and a reply keeps their text. */
export function toolResultText(event: RunEventOfType<EventType.TOOL_CALL_RESULT>): string {
  if (typeof event.content === 'string') return event.content;
  return event.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

/**
 * Folds one run event into the reply it belongs to and returns the new reply; the reply given is never
 * changed, and an event that is not about it (another message's, a call it does not hold, the run's own
 * events) returns it as it is. Prose is the reply's when it names its id; a TOOL_CALL_START
 * when its parent is the reply (or it names none: the caller decided it is this reply's); the other tool-call
 * events when the reply holds their call; an ACTIVITY_SNAPSHOT — a widget, or an activity of another type —
 * always (an activity names no parent: the caller decided), an ACTIVITY_DELTA when the reply holds its
 * activity. The server folds every event of a run with it to store the reply;
 * the browser folds them to draw it; a reloaded reply is the same fold over its stored segments.
 */
export function applyReplyEvent(message: ReplyMessage, event: RunEvent): ReplyMessage {
  return foldReplyEvent(message, event, () => undefined);
}

/**
 * `applyReplyEvent` for a reader that keeps widgets outside the reply: a live edit's revision (`fromBase`)
 * starts from its base, looked up with `findWidget` when the reply itself does not hold it — the transcript's
 * widgets in the browser, the thread's stored widgets on the server.
 */
export function replyEventReducer(
  findWidget: WidgetLookup,
): (message: ReplyMessage, event: RunEvent) => ReplyMessage {
  return (message, event) => foldReplyEvent(message, event, findWidget);
}

function foldReplyEvent(message: ReplyMessage, event: RunEvent, findWidget: WidgetLookup): ReplyMessage {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_CONTENT:
      return event.messageId === message.id ? appendProse(message, event.delta) : message;
    case EventType.TOOL_CALL_START: {
      if (event.parentMessageId !== undefined && event.parentMessageId !== message.id) return message;
      const call = {
        toolCallId: event.toolCallId,
        toolCallName: event.toolCallName,
        argsJson: '',
        complete: false,
      };
      return { ...message, parts: [...message.parts, { kind: 'tool-call', call }] };
    }
    case EventType.TOOL_CALL_ARGS:
      return updateToolCall(message, event.toolCallId, (call) => ({
        ...call,
        argsJson: call.argsJson + event.delta,
      }));
    case EventType.TOOL_CALL_END:
      return updateToolCall(message, event.toolCallId, (call) => ({ ...call, complete: true }));
    case EventType.TOOL_CALL_RESULT:
      return updateToolCall(message, event.toolCallId, (call) => ({
        ...call,
        result: toolResultText(event),
      }));
    case EventType.ACTIVITY_SNAPSHOT:
    case EventType.ACTIVITY_DELTA:
      return applyReplyActivity(message, event, findWidget);
    case EventType.CUSTOM:
      return applyCustomEvent(message, event);
    default:
      return message;
  }
}

/**
 * Our CUSTOM event that labels a reply, told apart by name only (`isDrawbridgeEvent`): an event's value was
 * validated where it entered (`parseRunEvent`, the stream decoders) or built by `runEvents`, and the server
 * folds every event of every run, where a schema check per event would cost more than the fold.
 */
function applyCustomEvent(message: ReplyMessage, event: RunEventOfType<EventType.CUSTOM>): ReplyMessage {
  if (isDrawbridgeEvent(event, 'drawbridge.reply')) {
    const { messageId, ...reply } = event.value;
    return messageId === message.id ? { ...message, reply } : message;
  }
  return message;
}

/**
 * Folds a run's events into its reply: the one TEXT_MESSAGE_START names it. Undefined when none did. A live
 * edit's base outside the run is found with `findWidget`.
 */
export function replyOfRunEvents(
  events: Iterable<RunEvent>,
  findWidget: WidgetLookup = () => undefined,
): ReplyMessage | undefined {
  let message: ReplyMessage | undefined;
  for (const event of events) {
    if (message === undefined) {
      if (event.type === EventType.TEXT_MESSAGE_START) message = { id: event.messageId, parts: [] };
    } else message = foldReplyEvent(message, event, findWidget);
  }
  return message;
}

function appendProse(message: ReplyMessage, delta: string): ReplyMessage {
  const parts = message.parts.slice();
  const last = parts.at(-1);
  if (last?.kind === 'prose') parts[parts.length - 1] = { kind: 'prose', text: last.text + delta };
  else parts.push({ kind: 'prose', text: delta });
  return { ...message, parts };
}

function updateToolCall(
  message: ReplyMessage,
  toolCallId: string,
  update: (call: ReplyToolCall) => ReplyToolCall,
): ReplyMessage {
  const index = message.parts.findLastIndex(
    (part) => part.kind === 'tool-call' && part.call.toolCallId === toolCallId,
  );
  if (index === -1) return message;
  const parts = message.parts.slice();
  const existing = parts[index] as Extract<ReplyPart, { kind: 'tool-call' }>;
  parts[index] = { kind: 'tool-call', call: update(existing.call) };
  return { ...message, parts };
}
