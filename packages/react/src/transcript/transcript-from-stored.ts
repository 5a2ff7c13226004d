import type { StoredMessage } from '@drawbridge/protocol';
import { applyReplyEvent, type FormAnswers, storedMessageEvents } from '@drawbridge/protocol';
import type { TranscriptMessage } from './transcript-state.ts';

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
 * survives) and the carriers of the calls it drew; every assistant message up to the next user message
 * belongs to that one reply, and is replayed into it as the events that made it (`storedMessageEvents`)
 * through the reducer that drew it live (`applyReplyEvent`), as one bubble under the id of its first segment
 * (the live message id). The reply's model and token counts come from its last segment. A user message
 * sent from a form marks that form as sent.
 */
export function transcriptFromStored(stored: StoredMessage[]): TranscriptMessage[] {
  const messages: TranscriptMessage[] = [];
  for (const message of stored) {
    // Tool results are for the model's history; the user saw the rendered widget instead.
    if (message.role === 'tool') continue;
    if (message.formAnswers) markFormSent(messages, message.formAnswers);
    if (message.role === 'user') {
      const attachments = message.attachments ?? [];
      if (message.content !== '' || attachments.length > 0)
        messages.push({
          id: message.id,
          role: 'user',
          parts: [{ kind: 'prose', text: message.content }],
          ...(attachments.length === 0 ? {} : { attachments }),
          ...(message.branch === undefined ? {} : { branch: message.branch }),
        });
      continue;
    }
    const previous = messages.at(-1);
    const continues = previous?.role === 'assistant';
    // A later segment's details (or none) replace an earlier one's: they belong to the reply's last segment.
    const { reply: _earlierDetails, ...bubble }: TranscriptMessage = continues
      ? previous
      : {
          id: message.id,
          role: 'assistant',
          parts: [],
          // A reply's versions are told by its first segment.
          ...(message.branch === undefined ? {} : { branch: message.branch }),
        };
    const folded = storedMessageEvents(message, bubble.id).reduce(applyReplyEvent, bubble);
    const replayed: TranscriptMessage = { ...folded, role: 'assistant' };
    if (continues) messages[messages.length - 1] = replayed;
    else if (replayed.parts.length > 0) messages.push(replayed);
  }
  return messages;
}
