import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';

export interface PacedProseModelOptions {
  /** Pieces each call streams. */
  pieces: number;
  /**
   * The wait before each piece, chained from the previous read: a late timer delays the rest of the reply.
   * 0: only a turn of the event loop, so pieces come as fast as the server takes them.
   */
  intervalMs: number;
  /** Makes each piece's text when it is sent (a bench stamps the time into it). */
  piece(): string;
}

/**
 * A streaming-only model of the shape the benches load the server with: `pieces` prose pieces, one every
 * `intervalMs` (at 20 ms, ≈ 50 tokens/s), through the web `ReadableStream` a provider hands the AI SDK.
 * A call aborted between pieces sends nothing more.
 */
export function pacedProseModel({ pieces, intervalMs, piece }: PacedProseModelOptions): LanguageModelV4 {
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: pieces, text: pieces, reasoning: undefined },
  };
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'paced-prose',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('streaming only');
    },
    doStream: async (options) => {
      let sent = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
        },
        async pull(controller) {
          await new Promise((resolve) =>
            intervalMs === 0 ? setImmediate(resolve) : setTimeout(resolve, intervalMs),
          );
          if (options.abortSignal?.aborted) return;
          if (sent < pieces) {
            sent += 1;
            controller.enqueue({ type: 'text-delta', id: 't', delta: piece() });
            return;
          }
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
