import { readFileSync } from 'node:fs';
import { replySegments } from '@drawbridge/protocol';
import { runAgent } from '../../agent/run-agent.ts';
import { buildModelHistory } from '../../history/build-model-history.ts';
import type { StoredMessage } from '../../store/store.ts';
import type { AgentTool } from '../../tools/agent-tool.ts';
import { createProviderModel } from '../providers/create-provider-model.ts';
import { startFakeAnthropicServer } from './fake-anthropic-server.ts';
import { startFakeOpenAiServer } from './fake-openai-server.ts';
import type { FakeProviderServer } from './fake-provider-server.ts';
import { barChartReplyPath } from './test-models.ts';

/** One turn of the conversation: what the provider was sent and the tokens the run reported. */
export interface PromptCacheTurn {
  requestBody: unknown;
  inputTokens: number | undefined;
  cachedInputTokens: number | undefined;
}

const userTurns = ['Chart monthly sign-ups.', 'Make the bars green.', 'Which month was best?'];

/**
 * Runs a three-turn conversation through `runAgent`, each turn's history built from the turns before as the
 * server builds it, against a local fake of `provider` that keeps a prompt cache. Every reply is the bar-chart
 * widget, so from the second turn on the history quotes a widget.
 */
export async function runPromptCacheConversation({
  provider,
  system,
  tools,
}: {
  provider: 'anthropic' | 'openai';
  system: string;
  tools: AgentTool[];
}): Promise<PromptCacheTurn[]> {
  const reply = readFileSync(barChartReplyPath, 'utf8');
  const server: FakeProviderServer =
    provider === 'anthropic'
      ? await startFakeAnthropicServer({ reply, cachePrompts: true })
      : await startFakeOpenAiServer({ reply, cachePrompts: true });
  try {
    const model = createProviderModel({
      provider,
      modelName: provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4.1',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
    });
    const stored: StoredMessage[] = [];
    const store = (message: Omit<StoredMessage, 'threadId' | 'createdAt'>) =>
      stored.push({
        ...message,
        threadId: 'thread-1',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, stored.length)).toISOString(),
      });
    const turns: PromptCacheTurn[] = [];
    for (const [index, text] of userTurns.entries()) {
      store({ id: `user-${index}`, role: 'user', content: text });
      const result = await runAgent({
        model: { model, id: `${provider}:test`, demo: false },
        system,
        history: buildModelHistory(stored),
        tools,
        abortSignal: new AbortController().signal,
        threadId: 'thread-1',
        runId: `run-${index}`,
        owner: { userId: 'local', isAdmin: true },
        emit: () => {},
      });
      if (result.status !== 'finished')
        throw new Error(`turn ${index + 1} ended ${result.status}: ${result.error}`);
      for (const segment of replySegments(result.reply)) store({ ...segment, role: 'assistant' });
      turns.push({
        requestBody: server.requests.at(-1)?.body,
        inputTokens: result.inputTokens,
        cachedInputTokens: result.cachedInputTokens,
      });
    }
    return turns;
  } finally {
    await server.close();
  }
}
