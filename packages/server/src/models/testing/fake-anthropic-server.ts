import { type FakeCachedUsage, FakePromptCache } from './fake-prompt-cache.ts';
import {
  type FakeProviderServer,
  type FakeServerSentEvent,
  type RecordedProviderRequest,
  splitIntoWordDeltas,
  startFakeProviderServer,
} from './fake-provider-server.ts';

/**
 * A fake Anthropic Messages API (`POST /v1/messages`, streamed) that answers every request with `reply`.
 * With `cachePrompts` it keeps a prompt cache as Anthropic does (only prefixes that end at a block marked
 * `cache_control`, in the order tools → system → messages) and reports its usage; else a fixed usage.
 */
export function startFakeAnthropicServer({
  reply,
  cachePrompts = false,
}: {
  reply: string;
  cachePrompts?: boolean;
}): Promise<FakeProviderServer> {
  const cache = cachePrompts ? new FakePromptCache() : undefined;
  return startFakeProviderServer({
    path: '/v1/messages',
    respond: (request) => messagesEvents(request, reply, cache?.use(cacheablePrefixes(request))),
  });
}

interface MessagesRequestBody {
  model?: unknown;
  tools?: Record<string, unknown>[];
  system?: Record<string, unknown>[];
  messages?: { role: string; content: string | Record<string, unknown>[] }[];
}

/** How far before a breakpoint Anthropic looks for an earlier cache entry, in blocks. */
const lookbackBlocks = 20;

/**
 * The request's blocks in cache order; it writes the prefixes that end at a marked block and may read any
 * that ends within the look-back before one.
 */
function cacheablePrefixes(request: RecordedProviderRequest) {
  const body = request.body as MessagesRequestBody;
  const blocks: Record<string, unknown>[] = [
    ...(body.tools ?? []),
    ...(body.system ?? []),
    ...(body.messages ?? []).flatMap(({ role, content }) =>
      typeof content === 'string'
        ? [{ role, type: 'text', text: content }]
        : content.map((block) => ({ role, ...block })),
    ),
  ];
  const unmarked = blocks.map(({ cache_control: _marker, ...block }) => block);
  const prefixAt = (index: number) => JSON.stringify(unmarked.slice(0, index + 1));
  const breakpoints = blocks.flatMap((block, index) => (block.cache_control === undefined ? [] : [index]));
  const readableIndexes = new Set(
    breakpoints.flatMap((end) =>
      Array.from({ length: Math.min(lookbackBlocks, end + 1) }, (_unused, back) => end - back),
    ),
  );
  return {
    whole: JSON.stringify(unmarked),
    readable: [...readableIndexes].sort((a, b) => a - b).map(prefixAt),
    written: breakpoints.map(prefixAt),
  };
}

function anthropicUsage(cached: FakeCachedUsage | undefined) {
  if (cached === undefined) return { input_tokens: 12, output_tokens: 1 };
  const { inputTokens, cacheReadTokens, cacheWriteTokens } = cached;
  return {
    // Anthropic counts the tokens it read from or wrote to the cache apart from `input_tokens`.
    input_tokens: inputTokens - cacheReadTokens - cacheWriteTokens,
    cache_read_input_tokens: cacheReadTokens,
    cache_creation_input_tokens: cacheWriteTokens,
    output_tokens: 1,
  };
}

function messagesEvents(
  request: RecordedProviderRequest,
  reply: string,
  cached: FakeCachedUsage | undefined,
): FakeServerSentEvent[] {
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
        usage: anthropicUsage(cached),
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
