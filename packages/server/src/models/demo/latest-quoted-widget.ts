import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

// The label the model's history puts before each widget it quotes whole (history/build-model-history.ts).
const quotedWidgetLabel = /\[widget ([A-Za-z0-9_-]+), revision \d+\]\n@@/g;

/** The widget quoted last in the prompt's assistant messages: its id (for `@@EDIT:`) and its wire text. */
export function latestQuotedWidget(prompt: LanguageModelV4Prompt): { id: string; text: string } | undefined {
  for (let index = prompt.length - 1; index >= 0; index -= 1) {
    const message = prompt[index]!;
    if (message.role !== 'assistant') continue;
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    const labels = [...text.matchAll(quotedWidgetLabel)];
    const last = labels.at(-1);
    if (last !== undefined) return { id: last[1]!, text: text.slice(last.index) };
  }
  return undefined;
}
