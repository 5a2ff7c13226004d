import type { LanguageModelV4Prompt, LanguageModelV4Usage } from '@ai-sdk/provider';
import { countTokens } from 'gpt-tokenizer';

// Scripted text may quote special-token spellings like `<|endoftext|>`; count them as plain text instead of throwing.
const plainTextOptions = { disallowedSpecial: new Set<string>() };

/** Token usage of a scripted call, counted with the o200k tokenizer so the dashboard shows plausible numbers. */
export function estimateUsage({
  prompt,
  outputText,
}: {
  prompt: LanguageModelV4Prompt;
  outputText: string;
}): LanguageModelV4Usage {
  const inputTokens = countTokens(promptText(prompt), plainTextOptions);
  const outputTokens = countTokens(outputText, plainTextOptions);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

function promptText(prompt: LanguageModelV4Prompt): string {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      texts.push(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text);
      else if (part.type === 'tool-call') texts.push(part.toolName, JSON.stringify(part.input));
      else if (part.type === 'tool-result') texts.push(part.toolName, JSON.stringify(part.output));
    }
  }
  return texts.join('\n');
}
