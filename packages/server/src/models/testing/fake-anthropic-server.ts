import {
  type FakeProviderServer,
  type FakeServerSentEvent,
  type RecordedProviderRequest,
  splitIntoWordDeltas,
  startFakeProviderServer,
} from './fake-provider-server.ts';

/** A fake Anthropic Messages API (`POST /v1/messages`, streamed) that answers every request with `reply`. */
export function startFakeAnthropicServer({ reply }: { reply: string }): Promise<FakeProviderServer> {
  return startFakeProviderServer({
    path: '/v1/messages',
    respond: (request) => messagesEvents(request, reply),
  });
}

function messagesEvents(request: RecordedProviderRequest, reply: string): FakeServerSentEvent[] {
  const model = String((request.body as { model?: unknown }).model ?? 'unknown');
  const deltas = splitIntoWordDeltas(reply);
  const event = (type: string, fields: object): FakeServerSentEvent => ({
    event: type,
    data: JSON.stringify({ type, ...fields }),
  });
  return [
    event('message_start', {
      message: {
        id: 'msg_fake_1',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 12, output_tokens: 1 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
    ...deltas.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: deltas.length },
    }),
    event('message_stop', {}),
  ];
}
