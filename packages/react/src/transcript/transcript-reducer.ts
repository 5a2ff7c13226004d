import {
  type Attachment,
  EventType,
  type FormAnswers,
  isDrawbridgeEvent,
  type MessageBranch,
  type RunEvent,
  replyEventReducer,
  type WidgetLookup,
  widgetOfReply,
} from '@drawbridge/protocol';
import type { TranscriptMessage, TranscriptState, TranscriptToolCall } from './transcript-state.ts';

export type TranscriptAction =
  | { type: 'replace'; messages: TranscriptMessage[] }
  /** With `formAnswers`, the message answers that form, which from then on shows as sent. */
  | { type: 'user-message'; id: string; text: string; formAnswers?: FormAnswers; attachments?: Attachment[] }
  | { type: 'run-event'; event: RunEvent }
  /** Drops a message and everything after it (a retry replaces the failed turn). */
  | { type: 'truncate-from'; messageId: string }
  /** The next run continues this reply (kept after Stop): what it writes is appended to it. */
  | { type: 'continue-reply'; messageId: string }
  /**
   * The versions each message has, as the store now tells them (after an edit or a regenerated reply made one),
   * message by message in order; ignored when the store holds a different number of messages.
   */
  | { type: 'set-branches'; branches: readonly (MessageBranch | undefined)[] };

/**
 * Folds actions into transcript state. A run's events go to the reply they belong to and are folded there
 * by the protocol's reducer (`applyReplyEvent`), the same one the server stores the reply with; the
 * transcript only finds (or opens) that reply, and keeps user messages and the forms they answered. A live
 * edit's revision starts from its base, which the transcript holds: the new revision's part log is the
 * base's, so a frame that shows the base is handed only the edit.
 */
export function transcriptReducer(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case 'replace':
      return { messages: action.messages };
    case 'user-message': {
      const { formAnswers } = action;
      const answered =
        formAnswers === undefined
          ? state
          : updateToolCall(state, formAnswers.toolCallId, (call) => ({
              ...call,
              sentAnswers: formAnswers.values,
            }));
      return {
        messages: [
          ...answered.messages,
          {
            id: action.id,
            role: 'user',
            parts: [{ kind: 'prose', text: action.text }],
            ...(action.attachments === undefined ? {} : { attachments: action.attachments }),
          },
        ],
      };
    }
    case 'truncate-from': {
      const index = state.messages.findIndex((message) => message.id === action.messageId);
      return index === -1 ? state : { messages: state.messages.slice(0, index) };
    }
    case 'continue-reply':
      return { messages: state.messages, continuation: { into: action.messageId, replyIds: new Set() } };
    case 'run-event':
      return applyContinuedRunEvent(state, action.event);
    case 'set-branches': {
      if (action.branches.length !== state.messages.length) return state;
      const messages = state.messages.map((message, index) => {
        const { branch: _shown, ...rest } = message;
        const branch = action.branches[index];
        return branch === undefined ? rest : { ...rest, branch };
      });
      return { ...state, messages };
    }
  }
}

/**
 * Where a run event goes: the id of the reply it names (opened when new), a reply that holds its call, or
 * the reply that holds its activity — a widget is one — (an activity names no reply: a new one goes to the
 * reply being written).
 */
type EventTarget =
  | { messageId: string; open: boolean }
  | { toolCallId: string }
  | { activityId: string; open: boolean }
  | undefined;

function targetOf(state: TranscriptState, event: RunEvent): EventTarget {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START:
    case EventType.TEXT_MESSAGE_CONTENT:
      return { messageId: event.messageId, open: true };
    case EventType.TOOL_CALL_START: {
      const lastAssistant = state.messages.findLast((message) => message.role === 'assistant')?.id;
      return { messageId: event.parentMessageId ?? lastAssistant ?? event.toolCallId, open: true };
    }
    case EventType.TOOL_CALL_ARGS:
    case EventType.TOOL_CALL_END:
    case EventType.TOOL_CALL_RESULT:
      return { toolCallId: event.toolCallId };
    case EventType.ACTIVITY_SNAPSHOT:
      return { activityId: event.messageId, open: true };
    case EventType.ACTIVITY_DELTA:
      return { activityId: event.messageId, open: false };
    case EventType.CUSTOM:
      // Only a reply that exists: a reply that streamed nothing has nothing to label.
      if (isDrawbridgeEvent(event, 'drawbridge.reply'))
        return { messageId: event.value.messageId, open: false };
      return undefined;
    default:
      return undefined;
  }
}

/** The reply a run event names by id, if it names one. */
function replyIdOf(event: RunEvent): string | undefined {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START:
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.TEXT_MESSAGE_END:
      return event.messageId;
    case EventType.TOOL_CALL_START:
      return event.parentMessageId;
    case EventType.CUSTOM:
      return isDrawbridgeEvent(event, 'drawbridge.reply') ? event.value.messageId : undefined;
    default:
      return undefined;
  }
}

/** The event as if it named reply `replyId`. */
function renamedReplyEvent(event: RunEvent, replyId: string): RunEvent {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_START:
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.TEXT_MESSAGE_END:
      return { ...event, messageId: replyId };
    case EventType.TOOL_CALL_START:
      return { ...event, parentMessageId: replyId };
    case EventType.CUSTOM:
      return isDrawbridgeEvent(event, 'drawbridge.reply')
        ? { ...event, value: { ...event.value, messageId: replyId } }
        : event;
    default:
      return event;
  }
}

/**
 * While a run continues a stopped reply, every reply id it names that the transcript does not hold is that
 * reply's: its prose joins the reply's last prose, its widgets and calls follow, its details replace the
 * stopped run's — as a reload draws the two runs' stored segments, one reply.
 */
function applyContinuedRunEvent(state: TranscriptState, event: RunEvent): TranscriptState {
  const { continuation } = state;
  const replyId = continuation === undefined ? undefined : replyIdOf(event);
  if (continuation === undefined || replyId === undefined || replyId === continuation.into) {
    return applyRunEvent(state, event);
  }
  const known = continuation.replyIds.has(replyId);
  if (!known && state.messages.some((message) => message.id === replyId)) return applyRunEvent(state, event);
  const continued = known
    ? state
    : { ...state, continuation: { ...continuation, replyIds: new Set([...continuation.replyIds, replyId]) } };
  return applyRunEvent(continued, renamedReplyEvent(event, continuation.into));
}

/** The transcript's widgets by id, newest first: where a live edit finds the revision it continues. */
function transcriptWidgets(state: TranscriptState): WidgetLookup {
  return (widgetId) => {
    for (let index = state.messages.length - 1; index >= 0; index -= 1) {
      const widget = widgetOfReply(state.messages[index]!, widgetId);
      if (widget !== undefined) return widget;
    }
    return undefined;
  };
}

function applyRunEvent(state: TranscriptState, event: RunEvent): TranscriptState {
  const applyReplyEvent = replyEventReducer(transcriptWidgets(state));
  const target = targetOf(state, event);
  if (target === undefined) return state;
  // Searched from the end: the reply a run streams into is nearly always the last message.
  const index = messageIndexOf(state, target);
  if (index === -1) {
    if (!('open' in target) || !target.open) return state;
    const id = 'messageId' in target ? target.messageId : target.activityId;
    const opened: TranscriptMessage = { id, role: 'assistant', parts: [] };
    return { ...state, messages: [...state.messages, { ...opened, ...applyReplyEvent(opened, event) }] };
  }
  const message = state.messages[index]!;
  const folded = applyReplyEvent(message, event);
  if (folded === message) return state;
  const messages = state.messages.slice();
  messages[index] = { ...folded, role: message.role };
  return { ...state, messages };
}

function messageIndexOf(state: TranscriptState, target: NonNullable<EventTarget>): number {
  if ('toolCallId' in target)
    return state.messages.findLastIndex((message) => holdsCall(message, target.toolCallId));
  if ('messageId' in target)
    return state.messages.findLastIndex((message) => message.id === target.messageId);
  const holder = state.messages.findLastIndex((message) => holdsActivity(message, target.activityId));
  if (holder !== -1 || !target.open) return holder;
  // After a user message the run has not opened its reply yet: the activity opens it.
  const last = state.messages.length - 1;
  return state.messages[last]?.role === 'assistant' ? last : -1;
}

function holdsActivity(message: TranscriptMessage, activityId: string): boolean {
  return message.parts.some(
    (part) =>
      (part.kind === 'widget' && part.widget.id === activityId) ||
      (part.kind === 'activity' && part.activity.id === activityId),
  );
}

function holdsCall(message: TranscriptMessage, toolCallId: string): boolean {
  return message.parts.some((part) => part.kind === 'tool-call' && part.call.toolCallId === toolCallId);
}

function updateToolCall(
  state: TranscriptState,
  toolCallId: string,
  update: (call: TranscriptToolCall) => TranscriptToolCall,
): TranscriptState {
  const index = state.messages.findLastIndex((message) => holdsCall(message, toolCallId));
  if (index === -1) return state;
  const message = state.messages[index]!;
  const messages = state.messages.slice();
  messages[index] = {
    ...message,
    parts: message.parts.map((part) =>
      part.kind === 'tool-call' && part.call.toolCallId === toolCallId
        ? { kind: 'tool-call', call: update(part.call) }
        : part,
    ),
  };
  return { messages };
}
