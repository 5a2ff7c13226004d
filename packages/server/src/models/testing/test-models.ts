import { fileURLToPath } from 'node:url';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ServedModel } from '../../http/create-app.ts';
import { loadModelScript } from '../script/load-model-script.ts';
import type { ModelScript } from '../script/model-script.ts';
import { createScriptedModel } from '../scripted/scripted-language-model.ts';

/** A widget reply of about 2 KB: prose, a bar-chart widget, trailing prose. */
export const barChartReplyPath = fileURLToPath(new URL('./fixtures/bar-chart-reply.txt', import.meta.url));

/** A scripted model playing `script` on every turn, at `tokensPerSecond` (0 = no delay). */
export function scriptedTestModel({
  script,
  tokensPerSecond = 0,
}: {
  script: ModelScript;
  tokensPerSecond?: number;
}): ServedModel {
  return {
    model: createScriptedModel({
      modelId: 'scripted-test',
      provider: 'drawbridge.test',
      pacing: { tokensPerSecond, seed: 7 },
      resolveScript: () => script,
    }),
    id: 'replay:test',
    demo: false,
    hint: 'A scripted test model.',
  };
}

/** The bar-chart reply as a one-step script. */
export function barChartScript(): ModelScript {
  return loadModelScript(barChartReplyPath);
}

/** Wraps a model so a test can see whether (and when) the AI SDK aborted its stream. */
export function observeAbort(model: LanguageModelV4): { model: LanguageModelV4; aborted: Promise<number> } {
  let resolveAborted: (at: number) => void = () => {};
  const aborted = new Promise<number>((resolve) => {
    resolveAborted = resolve;
  });
  return {
    aborted,
    model: {
      ...model,
      specificationVersion: 'v4',
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: model.supportedUrls,
      doGenerate: (options) => model.doGenerate(options),
      doStream: (options) => {
        const signal = options.abortSignal;
        if (signal?.aborted) resolveAborted(Date.now());
        else signal?.addEventListener('abort', () => resolveAborted(Date.now()), { once: true });
        return model.doStream(options);
      },
    },
  };
}

/** A model whose every call fails the way a provider outage does. */
export function failingTestModel(message: string): ServedModel {
  const fail = async (): Promise<never> => {
    throw new Error(`${message}\n    at someProviderInternals (provider.js:1:1)`);
  };
  return {
    model: {
      specificationVersion: 'v4',
      provider: 'drawbridge.test',
      modelId: 'failing',
      supportedUrls: {},
      doGenerate: fail,
      doStream: fail,
    },
    id: 'failing',
    demo: false,
    hint: 'A model that always fails.',
  };
}

/** A served model whose language model is one written here, so a test or bench can call it directly too. */
export type StreamingTestModel = ServedModel & { model: LanguageModelV4 };

/** A served test model that only streams, through `doStream`; a non-streaming call is a test bug. */
export function streamingOnlyTestModel({
  id,
  hint,
  doStream,
}: {
  id: string;
  hint: string;
  doStream: LanguageModelV4['doStream'];
}): StreamingTestModel {
  return {
    model: {
      specificationVersion: 'v4',
      provider: 'drawbridge.test',
      modelId: id,
      supportedUrls: {},
      doGenerate: async () => {
        throw new Error(`The ${id} test model only streams.`);
      },
      doStream,
    },
    id,
    demo: false,
    hint,
  };
}

export interface PacedTestModelOptions {
  /** Text pieces each call streams. */
  pieces: number;
  /**
   * The wait before each piece (and before the end), chained from the previous read: a late timer delays the
   * rest of the reply. 0: only a turn of the event loop, so pieces come as fast as the server takes them.
   */
  intervalMs: number;
  /** The text of the piece at `index`, made when it is sent (a bench stamps the time into it). */
  piece(index: number): string;
  /** The served model's id; default `paced`. */
  id?: string;
}

/**
 * A streaming model that sends `pieces` text pieces, waiting `intervalMs` before each, through the web
 * `ReadableStream` a provider hands the AI SDK: a slow provider for tests (tens to hundreds of ms per piece),
 * a flood (no wait, large pieces), or the benches' ≈ 50 tokens/s (20 ms). A call aborted between pieces
 * sends nothing more.
 */
export function pacedTestModel({
  pieces,
  intervalMs,
  piece,
  id = 'paced',
}: PacedTestModelOptions): StreamingTestModel {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: pieces, text: pieces, reasoning: undefined },
  };
  const doStream: LanguageModelV4['doStream'] = async (options) => {
    let sent = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-1' });
      },
      async pull(controller) {
        await new Promise((resolve) =>
          intervalMs === 0 ? setImmediate(resolve) : setTimeout(resolve, intervalMs),
        );
        if (options.abortSignal?.aborted) return;
        if (sent < pieces) {
          controller.enqueue({ type: 'text-delta', id: 'text-1', delta: piece(sent) });
          sent += 1;
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'text-1' });
        controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream };
  };
  return streamingOnlyTestModel({ id, hint: 'A test model streaming paced text pieces.', doStream });
}

/** A model that thinks for `delayMs` before each piece of `pieces` (a slow provider), honouring abort. */
export function stallingTestModel({ pieces, delayMs }: { pieces: string[]; delayMs: number }): ServedModel {
  return pacedTestModel({
    pieces: pieces.length,
    intervalMs: delayMs,
    piece: (index) => pieces[index] ?? '',
    id: 'stalling',
  });
}
