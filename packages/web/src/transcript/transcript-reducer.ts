import { applyWidgetPart, type FormAnswers, isDrawbridgeEvent, type RunEvent } from '@drawbridge/protocol';

import { toolResultText } from './tool-result-text.ts';
import {
  createTranscriptWidget,
  type TranscriptMessage,
  type TranscriptPart,
  type TranscriptState,
  type TranscriptWidget,
} from './transcript-state.ts';

export type TranscriptAction =
  | { type: 'replace'; messages: TranscriptMessage[] }
  /** With `formAnswers`, the message answers that form, which from then on shows as sent. */
  | { type: 'user-message'; id: string; text: string; formAnswers?: FormAnswers }
  | { type: 'run-event'; event: RunEvent }
  /** Drops a message and everything after it (a retry replaces the failed turn). */
  | { type: 'truncate-from'; messageId: string };

/** Folds actions into transcript state: prose per message, widget parts per widgetId, tool calls per toolCallId. */
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
          { id: action.id, role: 'user', parts: [{ kind: 'prose', text: action.text }] },
        ],
      };
    }
    case 'truncate-from': {
      const index = state.messages.findIndex((message) => message.id === action.messageId);
      return index === -1 ? state : { messages: state.messages.slice(0, index) };
    }
    case 'run-event':
      return applyRunEvent(state, action.event);
  }
}

function applyRunEvent(state: TranscriptState, event: RunEvent): TranscriptState {
  switch (event.type) {
    case 'TEXT_MESSAGE_START':
      return updateMessage(state, event.messageId, (message) => message);
    case 'TEXT_MESSAGE_CONTENT':
      return updateMessage(state, event.messageId, (message) => appendProse(message, event.delta));
    case 'TOOL_CALL_START': {
      const messageId = event.parentMessageId ?? lastAssistantId(state) ?? event.toolCallId;
      const call = {
        toolCallId: event.toolCallId,
        toolCallName: event.toolCallName,
        argsJson: '',
        complete: false,
      };
      return updateMessage(state, messageId, (message) => ({
        ...message,
        parts: [...message.parts, { kind: 'tool-call', call }],
      }));
    }
    case 'TOOL_CALL_ARGS':
      return updateToolCall(state, event.toolCallId, (call) => ({
        ...call,
        argsJson: call.argsJson + event.delta,
      }));
    case 'TOOL_CALL_END':
      return updateToolCall(state, event.toolCallId, (call) => ({ ...call, complete: true }));
    case 'TOOL_CALL_RESULT':
      return updateToolCall(state, event.toolCallId, (call) => ({ ...call, result: toolResultText(event) }));
    case 'CUSTOM': {
      if (isDrawbridgeEvent(event, 'drawbridge.reply')) {
        const { messageId, ...reply } = event.value;
        // Only a message that exists: a reply that streamed nothing has nothing to label.
        if (!state.messages.some((message) => message.id === messageId)) return state;
        return updateMessage(state, messageId, (message) => ({ ...message, reply }));
      }
      if (isDrawbridgeEvent(event, 'drawbridge.widget-revision')) {
        const { messageId, widgetId, revision } = event.value;
        return updateMessage(state, messageId, (message) =>
          updateWidget(message, widgetId, (widget) => ({ ...widget, revision })),
        );
      }
      if (!isDrawbridgeEvent(event, 'drawbridge.widget')) return state;
      const part = event.value;
      return updateMessage(state, part.messageId, (message) =>
        updateWidget(message, part.widgetId, (widget) =>
          applyWidgetPart(widget, {
            part: part.part,
            delta: part.delta,
            ...(part.replace === true ? { replace: true } : {}),
          }),
        ),
      );
    }
    default:
      return state;
  }
}

function lastAssistantId(state: TranscriptState): string | undefined {
  return state.messages.findLast((message) => message.role === 'assistant')?.id;
}

/** Applies `update` to the message with `messageId`, creating an assistant message when it is new. */
function updateMessage(
  state: TranscriptState,
  messageId: string,
  update: (message: TranscriptMessage) => TranscriptMessage,
): TranscriptState {
  const index = state.messages.findIndex((message) => message.id === messageId);
  if (index === -1) {
    const created: TranscriptMessage = { id: messageId, role: 'assistant', parts: [] };
    return { messages: [...state.messages, update(created)] };
  }
  const messages = state.messages.slice();
  messages[index] = update(messages[index]!);
  return { messages };
}

function appendProse(message: TranscriptMessage, delta: string): TranscriptMessage {
  const last = message.parts.at(-1);
  if (last?.kind === 'prose') {
    return { ...message, parts: [...message.parts.slice(0, -1), { kind: 'prose', text: last.text + delta }] };
  }
  return { ...message, parts: [...message.parts, { kind: 'prose', text: delta }] };
}

function updateWidget(
  message: TranscriptMessage,
  widgetId: string,
  update: (widget: TranscriptWidget) => TranscriptWidget,
): TranscriptMessage {
  const index = message.parts.findIndex((part) => part.kind === 'widget' && part.widget.id === widgetId);
  if (index === -1) {
    return {
      ...message,
      parts: [...message.parts, { kind: 'widget', widget: update(createTranscriptWidget(widgetId)) }],
    };
  }
  const parts = message.parts.slice();
  const existing = parts[index] as Extract<TranscriptPart, { kind: 'widget' }>;
  parts[index] = { kind: 'widget', widget: update(existing.widget) };
  return { ...message, parts };
}

function updateToolCall(
  state: TranscriptState,
  toolCallId: string,
  update: (
    call: Extract<TranscriptPart, { kind: 'tool-call' }>['call'],
  ) => Extract<TranscriptPart, { kind: 'tool-call' }>['call'],
): TranscriptState {
  const messages = state.messages.map((message) => {
    const index = message.parts.findIndex(
      (part) => part.kind === 'tool-call' && part.call.toolCallId === toolCallId,
    );
    if (index === -1) {
      return message;
    }
    const parts = message.parts.slice();
    const existing = parts[index] as Extract<TranscriptPart, { kind: 'tool-call' }>;
    parts[index] = { kind: 'tool-call', call: update(existing.call) };
    return { ...message, parts };
  });
  return { messages };
}
