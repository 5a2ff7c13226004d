import type { ReplyDetails } from '@drawbridge/protocol';

/**
 * A finished reply's footer: its model and token count, and on hover the split, with the input tokens the
 * provider read from its prompt cache when it read any.
 */
export function formatReplyDetails(reply: ReplyDetails): { label: string; title: string } {
  const { model, inputTokens, cachedInputTokens, outputTokens } = reply;
  if (inputTokens === null && outputTokens === null) return { label: model, title: `Written by ${model}` };
  const total = (inputTokens ?? 0) + (outputTokens ?? 0);
  const count = (value: number | null) => (value === null ? 'unknown' : value.toLocaleString('en-US'));
  const cached =
    cachedInputTokens === undefined || cachedInputTokens === 0 ? undefined : count(cachedInputTokens);
  return {
    label: `${model} · ${total.toLocaleString('en-US')} tokens${cached === undefined ? '' : ` (${cached} cached)`}`,
    title:
      `Written by ${model}: ${count(inputTokens)} input` +
      `${cached === undefined ? '' : ` (${cached} from the prompt cache)`} and ${count(outputTokens)} output tokens`,
  };
}
