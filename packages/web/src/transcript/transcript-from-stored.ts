import { generatedWidgetParts } from '@drawbridge/protocol';
import type { StoredMessage } from '../api/api-schemas.ts';
import { applyWidgetPart } from './apply-widget-part.ts';
import { createTranscriptWidget, type TranscriptMessage, type TranscriptPart } from './transcript-state.ts';

/** Rebuilds the transcript of a reloaded thread from its stored messages (prose, widgets, rendered tools). */
export function transcriptFromStored(messages: StoredMessage[]): TranscriptMessage[] {
  return messages.flatMap((message): TranscriptMessage[] => {
    if (message.role === 'tool') {
      // Tool results are for the model's history; the user saw the rendered widget instead.
      return [];
    }
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
    if (parts.length === 0) return [];
    return [
      { id: message.id, role: message.role, parts, ...(message.reply ? { reply: message.reply } : {}) },
    ];
  });
}
