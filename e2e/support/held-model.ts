import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** A gate a test opens: every model call waits at it until `release()`, and later calls pass straight on. */
export interface ModelGate {
  release(): void;
  /** Resolves once a model call is waiting at the gate: the reply is then reliably mid-stream. */
  reached: Promise<void>;
}

/**
 * Wraps a model so that each call streams until its text is about to contain `holdBefore`, then waits for
 * the gate: a reply that stays mid-stream for as long as a test needs, without racing a timer. Aborting the
 * call (a cancelled run) ends the wait.
 */
export function holdModelAt({ model, holdBefore }: { model: LanguageModelV4; holdBefore: string }): {
  model: LanguageModelV4;
  gate: ModelGate;
} {
  let released = false;
  const waiting = new Set<() => void>();
  let markReached: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    markReached = resolve;
  });
  const waitForGate = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve) => {
      markReached();
      if (released || signal?.aborted) return resolve();
      waiting.add(resolve);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  // Everything but doStream is the wrapped model's own (its id, provider, supported URLs).
  const held: LanguageModelV4 = Object.create(model);
  held.doStream = async (options) => {
    const result = await model.doStream(options);
    let text = '';
    let passed = false;
    const gated = result.stream.pipeThrough(
      new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        async transform(part, controller) {
          if (!passed && part.type === 'text-delta' && (text + part.delta).includes(holdBefore)) {
            passed = true;
            await waitForGate(options.abortSignal);
          }
          if (part.type === 'text-delta') text += part.delta;
          controller.enqueue(part);
        },
      }),
    );
    return { ...result, stream: gated };
  };
  return {
    model: held,
    gate: {
      reached,
      release() {
        released = true;
        for (const resolve of waiting) resolve();
        waiting.clear();
      },
    },
  };
}
