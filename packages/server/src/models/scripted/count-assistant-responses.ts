import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/** How many assistant responses follow the last user message: the index of the step to play next. */
export function countAssistantResponsesSinceLastUser(prompt: LanguageModelV4Prompt): number {
  let count = 0;
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const message = prompt[index]!;
    if (message.role === 'user') break;
    if (message.role === 'assistant') count += 1;
  }
  return count;
}
