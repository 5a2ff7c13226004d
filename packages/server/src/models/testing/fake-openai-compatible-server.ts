import {
  type FakeProviderServer,
  type FakeServerSentEvent,
  type RecordedProviderRequest,
  splitIntoWordDeltas,
  startFakeProviderServer,
} from './fake-provider-server.ts';

/**
 * A fake OpenAI-compatible Chat Completions server (`POST /v1/chat/completions`, streamed), as
 * Ollama, vLLM, LM Studio and llama.cpp speak it; answers every request with `reply`.
 */
export function startFakeOpenAiCompatibleServer({ reply }: { reply: string }): Promise<FakeProviderServer> {
  return startFakeProviderServer({
    path: '/v1/chat/completions',
    respond: (request) => chatCompletionEvents(request, reply),
  });
}

function chatCompletionEvents(request: RecordedProviderRequest, reply: string): FakeServerSentEvent[] {
  const model = String((request.body as { model?: unknown }).model ?? 'unknown');
  const deltas = splitIntoWordDeltas(reply);
  const chunk = (fields: object): FakeServerSentEvent => ({
    data: JSON.stringify({
      id: 'chatcmpl-fake-1',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      ...fields,
    }),
  });
  return [
    chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
    ...deltas.map((content) => chunk({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    chunk({
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: deltas.length, total_tokens: 12 + deltas.length },
    }),
    { data: '[DONE]' },
  ];
}
