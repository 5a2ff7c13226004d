import { fileURLToPath } from 'node:url';
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { loadModelScript } from '../../models/script/load-model-script.ts';
import type { ModelScript } from '../../models/script/model-script.ts';
import { createScriptedModel } from '../../models/scripted/scripted-language-model.ts';
import type { ServedModel } from '../create-app.ts';

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

/** A served test model that only streams, through `doStream`; a non-streaming call is a test bug. */
export function streamingOnlyTestModel({
  id,
  hint,
  doStream,
}: {
  id: string;
  hint: string;
  doStream: LanguageModelV4['doStream'];
}): ServedModel {
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

/** A model that thinks for `delayMs` before each piece of `pieces` (a slow provider), honouring abort. */
export function stallingTestModel({ pieces, delayMs }: { pieces: string[]; delayMs: number }): ServedModel {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: pieces.length, text: pieces.length, reasoning: undefined },
  };
  const doStream: LanguageModelV4['doStream'] = async (options) => {
    let index = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'text-1' });
      },
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (options.abortSignal?.aborted) return;
        const piece = pieces[index];
        index += 1;
        if (piece !== undefined) {
          controller.enqueue({ type: 'text-delta', id: 'text-1', delta: piece });
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'text-1' });
        controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream };
  };
  return streamingOnlyTestModel({ id: 'stalling', hint: 'A slow test model.', doStream });
}
