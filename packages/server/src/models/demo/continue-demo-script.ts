import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ModelScript } from '../script/model-script.ts';

/** The turn a continuation request continues: the user's message before it, and the reply text kept since. */
export function continuedTurn(prompt: LanguageModelV4Prompt): { userText: string; keptText: string } {
  const request = prompt.findLastIndex((message) => message.role === 'user');
  const asked = prompt.findLastIndex((message, index) => index < request && message.role === 'user');
  const textOf = (index: number) => {
    const message = prompt[index];
    if (message === undefined || message.role === 'system') return '';
    return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  };
  const kept = prompt.slice(asked + 1, request).flatMap((_message, offset) => {
    const index = asked + 1 + offset;
    return prompt[index]?.role === 'assistant' ? [textOf(index)] : [];
  });
  return { userText: textOf(asked), keptText: kept.join('\n') };
}

const widgetStartPattern = /@@(?:HEIGHT:\d+|CSS)@@/;
const widgetEnd = '@@END@@';

/**
 * The rest of a one-step text reply after what was kept of it: after the kept prose when only prose was kept;
 * the whole widget again when the request says it was cut (a widget cannot be resumed mid-part); the prose after
 * the widget when the kept reply holds it whole. A reply of tool calls or several steps is played again whole,
 * and so is one the kept text is not the start of.
 */
export function continueDemoScript({
  script,
  keptText,
  cutWidget,
}: {
  script: ModelScript;
  keptText: string;
  cutWidget: boolean;
}): ModelScript {
  const [step, ...later] = script.steps;
  if (step === undefined || later.length > 0 || step.parts.some((part) => part.type !== 'text'))
    return script;
  const text = step.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const rest = remainderOf({ text, keptText, cutWidget });
  return rest === undefined ? script : { steps: [{ parts: [{ type: 'text', text: rest }] }] };
}

function remainderOf({
  text,
  keptText,
  cutWidget,
}: {
  text: string;
  keptText: string;
  cutWidget: boolean;
}): string | undefined {
  const widgetStart = text.search(widgetStartPattern);
  if (cutWidget) return widgetStart === -1 ? undefined : text.slice(widgetStart);
  // A widget the kept reply holds is quoted (or described) in the history: what follows it is the rest.
  const keptWidget = widgetStartPattern.test(keptText) || keptText.includes('[widget shown earlier');
  if (keptWidget) {
    const end = text.indexOf(widgetEnd);
    return end === -1 ? undefined : text.slice(end + widgetEnd.length);
  }
  const kept = keptText.trim();
  const start = text.length - text.trimStart().length;
  return text.startsWith(kept, start) ? text.slice(start + kept.length) : undefined;
}
