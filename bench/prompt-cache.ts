import { renderToolDefinitions } from '../packages/protocol/src/index.ts';
import { runPromptCacheConversation } from '../packages/server/src/models/testing/prompt-cache-conversation.ts';
import { loadWidgetSystemPrompt } from '../packages/server/src/prompts/widget-system-prompt.ts';
import type { AgentTool } from '../packages/server/src/tools/agent-tool.ts';

/**
 * Prints the input and cached input tokens of a three-turn widget conversation (the widget system prompt, the
 * render tools, a bar-chart reply each turn) against the local fakes of Anthropic and OpenAI, which keep a
 * prompt cache as their providers do and count four characters a token. It shows what the cache markers
 * save, not what a real provider charges.
 */
async function main(): Promise<void> {
  const system = loadWidgetSystemPrompt();
  const tools: AgentTool[] = renderToolDefinitions.map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.schema,
    execute: async () => ({ ok: true, output: 'shown' }),
  }));
  console.log(
    `${'provider'.padEnd(12)}${'turn'.padStart(6)}${'input'.padStart(10)}${'cached'.padStart(10)}${'share'.padStart(8)}`,
  );
  for (const provider of ['anthropic', 'openai'] as const) {
    const turns = await runPromptCacheConversation({ provider, system, tools });
    for (const [index, { inputTokens = 0, cachedInputTokens = 0 }] of turns.entries()) {
      const share = inputTokens === 0 ? '-' : `${Math.round((100 * cachedInputTokens) / inputTokens)}%`;
      console.log(
        `${provider.padEnd(12)}${String(index + 1).padStart(6)}${String(inputTokens).padStart(10)}${String(cachedInputTokens).padStart(10)}${share.padStart(8)}`,
      );
    }
  }
}

await main();
