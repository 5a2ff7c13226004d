import { type FakeCachedUsage, FakePromptCache } from './fake-prompt-cache.ts';
import {
  type FakeProviderServer,
  type FakeServerSentEvent,
  type RecordedProviderRequest,
  splitIntoWordDeltas,
  startFakeProviderServer,
} from './fake-provider-server.ts';

/**
 * A fake OpenAI Responses API (`POST /v1/responses`, streamed), which `@ai-sdk/openai` v4 uses for
 * `openai(model)`. Every request is answered with `reply`. With `cachePrompts` it caches prompts as OpenAI
 * does, unasked (any prefix ending at an input item, tools first), one cache per `prompt_cache_key`, and
 * reports `cached_tokens`; else a fixed usage.
 */
export function startFakeOpenAiServer({
  reply,
  cachePrompts = false,
}: {
  reply: string;
  cachePrompts?: boolean;
}): Promise<FakeProviderServer> {
  const caches = new Map<string, FakePromptCache>();
  const cacheFor = (key: string) => caches.get(key) ?? caches.set(key, new FakePromptCache()).get(key)!;
  return startFakeProviderServer({
    path: '/v1/responses',
    respond: (request) => {
      if (!cachePrompts) return responsesEvents(request, reply, undefined);
      const body = request.body as { prompt_cache_key?: string; tools?: unknown[]; input?: unknown[] };
      const input = body.input ?? [];
      const prefixOf = (items: number) =>
        JSON.stringify({ tools: body.tools ?? [], input: input.slice(0, items) });
      const prefixes = input.map((_item, index) => prefixOf(index + 1));
      const cached = cacheFor(body.prompt_cache_key ?? '').use({
        whole: prefixOf(input.length),
        readable: prefixes,
        written: prefixes,
      });
      return responsesEvents(request, reply, cached);
    },
  });
}

function responsesEvents(
  request: RecordedProviderRequest,
  reply: string,
  cached: FakeCachedUsage | undefined,
): FakeServerSentEvent[] {
  const model = String((request.body as { model?: unknown }).model ?? 'unknown');
  const responseId = 'resp_fake_1';
  const itemId = 'msg_fake_1';
  const createdAt = 1_700_000_000;
  let sequenceNumber = 0;
  const event = (type: string, fields: object): FakeServerSentEvent => ({
    event: type,
    data: JSON.stringify({ type, sequence_number: sequenceNumber++, ...fields }),
  });
  const response = { id: responseId, object: 'response', created_at: createdAt, model };
  const message = { type: 'message', id: itemId, role: 'assistant' };
  return [
    event('response.created', { response: { ...response, status: 'in_progress', output: [] } }),
    event('response.output_item.added', {
      output_index: 0,
      item: { ...message, status: 'in_progress', content: [] },
    }),
    event('response.content_part.added', {
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    }),
    ...splitIntoWordDeltas(reply).map((delta) =>
      event('response.output_text.delta', { item_id: itemId, output_index: 0, content_index: 0, delta }),
    ),
    event('response.output_text.done', { item_id: itemId, output_index: 0, content_index: 0, text: reply }),
    event('response.output_item.done', {
      output_index: 0,
      item: {
        ...message,
        status: 'completed',
        content: [{ type: 'output_text', text: reply, annotations: [] }],
      },
    }),
    event('response.completed', {
      response: {
        ...response,
        status: 'completed',
        usage: {
          input_tokens: cached?.inputTokens ?? 12,
          input_tokens_details: { cached_tokens: cached?.cacheReadTokens ?? 0 },
          output_tokens: splitIntoWordDeltas(reply).length,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: (cached?.inputTokens ?? 12) + splitIntoWordDeltas(reply).length,
        },
      },
    }),
  ];
}
