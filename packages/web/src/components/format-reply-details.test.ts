import { describe, expect, it } from 'vitest';
import { formatReplyDetails } from './format-reply-details.ts';

describe('formatReplyDetails', () => {
  it('names the model and the tokens, and the cached input tokens when the provider read any', () => {
    expect(
      formatReplyDetails({
        model: 'anthropic:claude',
        inputTokens: 2685,
        cachedInputTokens: 2054,
        outputTokens: 900,
      }),
    ).toEqual({
      label: 'anthropic:claude · 3,585 tokens (2,054 cached)',
      title: 'Written by anthropic:claude: 2,685 input (2,054 from the prompt cache) and 900 output tokens',
    });
  });

  it('says nothing of the cache when nothing was read from it', () => {
    for (const cachedInputTokens of [undefined, 0]) {
      expect(
        formatReplyDetails({
          model: 'demo',
          inputTokens: 10,
          outputTokens: 5,
          ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
        }),
      ).toEqual({ label: 'demo · 15 tokens', title: 'Written by demo: 10 input and 5 output tokens' });
    }
  });

  it('shows only the model when the provider reported no tokens', () => {
    expect(formatReplyDetails({ model: 'm', inputTokens: null, outputTokens: null })).toEqual({
      label: 'm',
      title: 'Written by m',
    });
  });
});
