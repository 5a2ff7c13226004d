import { applyWidgetPart, type FormAnswers, generatedWidgetParts } from '@drawbridge/protocol';
import type { StoredMessage } from '../api/api-schemas.ts';

import { createTranscriptWidget, type TranscriptMessage, type TranscriptPart } from './transcript-state.ts';

function storedParts(message: StoredMessage): TranscriptPart[] {
  const parts: TranscriptPart[] = [];
  if (message.content) {
    parts.push({ kind: 'prose', text: message.content });
  }
  if (message.widget) {
    // Replayed as the parts it streamed as, so a restored widget takes the same way into its frame as a live one.
    const widget = generatedWidgetParts(message.widget).reduce(applyWidgetPart, {
      ...createTranscriptWidget(message.widget.id),
      ...(message.widget.revision === undefined ? {} : { revision: message.widget.revision }),
    });
    parts.push({ kind: 'widget', widget });
  }
  if (message.render) {
    parts.push({
      kind: 'tool-call',
      call: {
        toolCallId: message.toolCallId ?? message.id,
        toolCallName: message.render.tool,
        argsJson: JSON.stringify(message.render.args),
        complete: true,
      },
    });
  }
  return parts;
}

/** Marks the form a user message answered as sent, with its answers, wherever in the transcript it is. */
function markFormSent(messages: TranscriptMessage[], { toolCallId, values }: FormAnswers): void {
  for (const [index, message] of messages.entries()) {
    const partIndex = message.parts.findIndex(
      (part) => part.kind === 'tool-call' && part.call.toolCallId === toolCallId,
    );
    const part = message.parts[partIndex];
    if (part?.kind !== 'tool-call') continue;
    const parts = message.parts.slice();
    parts[partIndex] = { kind: 'tool-call', call: { ...part.call, sentAnswers: values } };
    messages[index] = { ...message, parts };
    return;
  }
}

/**
 * Rebuilds the transcript of a reloaded thread from its stored messages, as the live run showed it. The
 * server stores one reply as several segments (cut at each tool call and after each widget, so their order
 * survives); every assistant message up to the next user message belongs to that one reply, as one bubble
 * under the id of its first segment (which is the live message id). A user message sent from a form marks
 * that form as sent.
 */
export function transcriptFromStored(stored: StoredMessage[]): TranscriptMessage[] {
  const messages: TranscriptMessage[] = [];
  for (const message of stored) {
    if (message.role === 'tool') {
      // Tool results are for the model's history; the user saw the rendered widget instead.
      continue;
    }
    const parts = storedParts(message);
    if (message.formAnswers) markFormSent(messages, message.formAnswers);
    const previous = messages.at(-1);
    // The reply's model and token counts are stored on its last segment, so the folded bubble takes them from there.
    const reply = message.reply ? { reply: message.reply } : {};
    if (message.role === 'assistant' && previous?.role === 'assistant') {
      const { reply: _earlierSegmentReply, ...earlier } = previous;
      messages[messages.length - 1] = { ...earlier, parts: [...previous.parts, ...parts], ...reply };
    } else if (parts.length > 0) {
      messages.push({ id: message.id, role: message.role, parts, ...reply });
    }
  }
  return messages;
}
