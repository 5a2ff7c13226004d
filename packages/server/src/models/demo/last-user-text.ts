import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/** The text of the last user message (its text parts joined), or '' when there is none. */
export function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const message = prompt[index]!;
    if (message.role !== 'user') continue;
    return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  }
  return '';
}
