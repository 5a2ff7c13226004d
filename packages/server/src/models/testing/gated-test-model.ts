import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ServedModel } from '../../http/create-app.ts';
import { streamingOnlyTestModel } from './test-models.ts';

/** A model under the test's control: what it streamed, whether it was aborted, and when it may finish. */
export interface GatedTestModel extends ServedModel {
  /** Lets every waiting (and every later) model call stream `after` and finish. */
  release(): void;
  /** Resolves when a model call's abort signal fires. */
  aborted: Promise<void>;
  /** How many model calls started. */
  calls(): number;
}

/**
 * Streams `before` at once, then waits until the test calls `release()` (or the call is aborted), then
 * streams `after` and finishes: a run that is reliably mid-reply for as long as a test needs, with no timer.
 */
export function gatedTestModel({
  before,
  after = [],
}: {
  before: string[];
  after?: string[];
}): GatedTestModel {
  let released = false;
  const waiting = new Set<() => void>();
  let resolveAborted: () => void = () => {};
  const aborted = new Promise<void>((resolve) => {
    resolveAborted = resolve;
  });
  let callCount = 0;
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  const doStream: LanguageModelV4['doStream'] = async (options) => {
    callCount += 1;
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-1' });
        for (const delta of before) controller.enqueue({ type: 'text-delta', id: 'text-1', delta });
        await new Promise<void>((resolve) => {
          if (released || signal?.aborted) return resolve();
          waiting.add(resolve);
          signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        if (signal?.aborted) {
          resolveAborted();
          controller.error(signal.reason);
          return;
        }
        for (const delta of after) controller.enqueue({ type: 'text-delta', id: 'text-1', delta });
        controller.enqueue({ type: 'text-end', id: 'text-1' });
        controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream };
  };
  return {
    ...streamingOnlyTestModel({ id: 'gated', hint: 'A test model that waits for the test.', doStream }),
    release() {
      released = true;
      for (const resolve of [...waiting]) resolve();
      waiting.clear();
    },
    aborted,
    calls: () => callCount,
  };
}
