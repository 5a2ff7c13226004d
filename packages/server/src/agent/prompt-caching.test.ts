import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runPromptCacheConversation } from '../models/testing/prompt-cache-conversation.ts';
import type { AgentTool } from '../tools/agent-tool.ts';

const system = `You draw widgets. ${'Keep replies short and the markup accessible. '.repeat(40)}`;
const tools: AgentTool[] = ['look_up', 'render_note'].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: z.object({ query: z.string() }),
  execute: async () => ({ ok: true, output: 'done' }),
}));
const breakpoint = { type: 'ephemeral' };

interface AnthropicBody {
  tools: { name: string; cache_control?: unknown }[];
  system: { text: string; cache_control?: unknown }[];
  messages: { role: string; content: { type: string; text?: string; cache_control?: unknown }[] }[];
}

describe('prompt caching against local servers speaking each provider', () => {
  it('anthropic: marks the last tool, the system prompt and the quoted latest widget, and reads cached tokens', async () => {
    const turns = await runPromptCacheConversation({ provider: 'anthropic', system, tools });
    for (const turn of turns) {
      const body = turn.requestBody as AnthropicBody;
      expect(body.tools.map((tool) => tool.cache_control)).toEqual([undefined, breakpoint]);
      expect(body.system).toEqual([{ type: 'text', text: system, cache_control: breakpoint }]);
    }
    const markedBlocks = (turn: (typeof turns)[number]) =>
      (turn.requestBody as AnthropicBody).messages.flatMap((message) =>
        message.content.flatMap((block) =>
          block.cache_control === undefined ? [] : [{ role: message.role, text: block.text?.slice(0, 40) }],
        ),
      );
    expect(markedBlocks(turns[0]!)).toEqual([]);
    const quotedWidget = { role: 'assistant', text: expect.stringContaining('Here is a small bar chart') };
    expect(markedBlocks(turns[1]!)).toEqual([quotedWidget]);
    expect(markedBlocks(turns[2]!)).toEqual([quotedWidget]);

    const [first, second, third] = turns;
    expect(first?.cachedInputTokens).toBe(0);
    // The second turn reads tools + system from the cache; the third also the history up to the widget.
    expect(second?.cachedInputTokens).toBeGreaterThan(0);
    expect(third?.cachedInputTokens).toBeGreaterThan(second!.cachedInputTokens!);
    for (const turn of turns) expect(turn.cachedInputTokens).toBeLessThan(turn.inputTokens!);
  });

  it('openai: sends the thread prompt-cache key and reads cached tokens', async () => {
    const turns = await runPromptCacheConversation({ provider: 'openai', system, tools });
    for (const turn of turns) {
      expect(turn.requestBody).toMatchObject({ prompt_cache_key: 'drawbridge-thread-thread-1' });
    }
    const [first, second, third] = turns;
    expect(first?.cachedInputTokens).toBe(0);
    expect(second?.cachedInputTokens).toBeGreaterThan(0);
    expect(third?.cachedInputTokens).toBeGreaterThan(second!.cachedInputTokens!);
    for (const turn of turns) expect(turn.cachedInputTokens).toBeLessThan(turn.inputTokens!);
  });
});
