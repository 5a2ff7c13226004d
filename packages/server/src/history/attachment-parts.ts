import { type Attachment, attachmentKind, describeAttachmentSize } from '@drawbridge/protocol';
import type { FilePart, TextPart } from 'ai';

/** What a picture or a PDF counts for in the history's character budget: about a page of text. */
const binaryAttachmentCharacters = 2_000;

/**
 * A user message's files as the AI SDK carries them to a provider: images and PDFs as their bytes, text files
 * as inline text (the SDK's `{ type: 'text' }` file data), each with its name and the type the server decided.
 * A file whose bytes are not at hand (deleted, or not loaded) is a line saying so, so the model is not left
 * guessing what the user refers to. `characters` is what the parts count for in the history's budget.
 */
export function attachmentParts({
  attachments,
  data,
}: {
  attachments: readonly Attachment[];
  data: ReadonlyMap<string, Uint8Array>;
}): { parts: (FilePart | TextPart)[]; characters: number } {
  const parts: (FilePart | TextPart)[] = [];
  let characters = 0;
  for (const attachment of attachments) {
    const bytes = data.get(attachment.id);
    if (bytes === undefined) {
      const text = `[attachment "${attachment.name}" (${attachment.mediaType}, ${describeAttachmentSize(attachment.size)}) is no longer available]`;
      parts.push({ type: 'text', text });
      characters += text.length;
      continue;
    }
    if (attachmentKind(attachment.mediaType) === 'text') {
      const text = new TextDecoder().decode(bytes);
      parts.push({
        type: 'file',
        data: { type: 'text', text },
        mediaType: attachment.mediaType,
        filename: attachment.name,
      });
      characters += text.length;
      continue;
    }
    parts.push({ type: 'file', data: bytes, mediaType: attachment.mediaType, filename: attachment.name });
    characters += binaryAttachmentCharacters;
  }
  return { parts, characters };
}
