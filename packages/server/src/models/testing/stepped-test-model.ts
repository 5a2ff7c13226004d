import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ServedModel } from '../../http/create-app.ts';
import { streamingOnlyTestModel } from './test-models.ts';

/** A model that sends each piece of its reply only when the test says so. */
export interface SteppedTestModel extends ServedModel {
  /** Lets the model send its next piece (after the last, it finishes). */
  step(): void;
}

/**
 * Streams `pieces` one at a time, each after a `step()` of the test, then finishes at the step after the
 * last: between two steps the run is provably mid-reply, so a test can check what already reached a
 * client with no timer at all. One model call; an aborted call stops waiting.
 */
export function steppedTestModel({ pieces }: { pieces: string[] }): SteppedTestModel {
  const steps: Array<() => void> = [];
  let allowed = 0;
  const nextStep = (signal: AbortSignal | undefined, index: number) =>
    new Promise<void>((resolve) => {
      if (index < allowed || signal?.aborted) return resolve();
      steps.push(resolve);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: pieces.length, text: pieces.length, reasoning: undefined },
  };
  const doStream: LanguageModelV4['doStream'] = async (options) => {
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-1' });
        for (const [index, delta] of pieces.entries()) {
          await nextStep(signal, index);
          if (signal?.aborted) return controller.error(signal.reason);
          controller.enqueue({ type: 'text-delta', id: 'text-1', delta });
        }
        await nextStep(signal, pieces.length);
        if (signal?.aborted) return controller.error(signal.reason);
        controller.enqueue({ type: 'text-end', id: 'text-1' });
        controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream };
  };
  return {
    ...streamingOnlyTestModel({
      id: 'stepped',
      hint: 'A test model the test steps piece by piece.',
      doStream,
    }),
    step() {
      allowed += 1;
      steps.shift()?.();
    },
  };
}
