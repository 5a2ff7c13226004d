import { randomUUID } from 'node:crypto';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { createSeededRandom } from '@drawbridge/protocol';
import type { ModelScript } from '../script/model-script.ts';
import { waitAbortably } from '../wait-abortably.ts';
import { countAssistantResponsesSinceLastUser } from './count-assistant-responses.ts';
import { estimateUsage } from './estimate-usage.ts';
import { type PlannedStep, type PlannedStreamPart, planStepStream } from './plan-step-stream.ts';

export const defaultTokensPerSecond = 90;
export const defaultPacingSeed = 20_240_917;

/** How fast and how raggedly a scripted model streams. */
export interface ScriptedModelPacing {
  /** Average pieces per second (each delay jitters so the rate stays within ⅔–4⁄3 of it); 0 = no delay. */
  tokensPerSecond?: number;
  /** Seed for a fresh PRNG per call, so the same script is always cut the same way. */
  seed?: number;
  /** Replaces the seeded PRNG (tests). */
  random?: () => number;
}

export interface ScriptedModelOptions {
  modelId: string;
  provider: string;
  /** The script for this call's turn; the model plays its k-th step on the k-th call after the user spoke. */
  resolveScript: (
    prompt: LanguageModelV4Prompt,
    /** Names of the tools this call offers, so a script can be chosen only when its tools exist. */
    offeredTools: ReadonlySet<string>,
  ) => ModelScript | Promise<ModelScript>;
  pacing?: ScriptedModelPacing;
  generateToolCallId?: () => string;
}

/** A LanguageModelV4 that plays scripted steps with realistic token chunking and pace. */
export function createScriptedModel({
  modelId,
  provider,
  resolveScript,
  pacing = {},
  generateToolCallId = () => `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
}: ScriptedModelOptions): LanguageModelV4 {
  const tokensPerSecond = pacing.tokensPerSecond ?? defaultTokensPerSecond;
  const randomForCall = () => pacing.random ?? createSeededRandom(pacing.seed ?? defaultPacingSeed);

  async function planCall(options: LanguageModelV4CallOptions, random: () => number): Promise<PlannedStep> {
    const script = await resolveScript(
      options.prompt,
      new Set((options.tools ?? []).map((tool) => tool.name)),
    );
    const stepIndex = countAssistantResponsesSinceLastUser(options.prompt);
    return planStepStream({ step: script.steps[stepIndex], stepIndex, random, generateToolCallId });
  }

  function finishReasonOf(planned: PlannedStep): LanguageModelV4FinishReason {
    return planned.hasToolCalls
      ? { unified: 'tool-calls', raw: 'tool_calls' }
      : { unified: 'stop', raw: 'stop' };
  }

  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    supportedUrls: {},

    async doGenerate(options) {
      const planned = await planCall(options, randomForCall());
      const content: LanguageModelV4Content[] = [];
      for (const { part } of planned.parts) {
        if (part.type === 'tool-call') content.push(part);
        else if (part.type === 'text-delta') {
          const last = content.at(-1);
          if (last?.type === 'text') last.text += part.delta;
          else content.push({ type: 'text', text: part.delta });
        }
      }
      return {
        content,
        finishReason: finishReasonOf(planned),
        usage: estimateUsage({ prompt: options.prompt, outputText: planned.outputText }),
        warnings: [],
        response: { id: `scripted-${randomUUID()}`, timestamp: new Date(), modelId },
      };
    },

    async doStream(options) {
      const random = randomForCall();
      const planned = await planCall(options, random);
      const parts: PlannedStreamPart[] = [
        { part: { type: 'stream-start', warnings: [] }, paced: false },
        {
          part: { type: 'response-metadata', id: `scripted-${randomUUID()}`, timestamp: new Date(), modelId },
          paced: false,
        },
        ...planned.parts,
        {
          part: {
            type: 'finish',
            finishReason: finishReasonOf(planned),
            usage: estimateUsage({ prompt: options.prompt, outputText: planned.outputText }),
          },
          paced: false,
        },
      ];
      const cancellation = new AbortController();
      const signal = options.abortSignal
        ? AbortSignal.any([options.abortSignal, cancellation.signal])
        : cancellation.signal;
      let position = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        // Pull-based, one paced part per pull: nothing is made ahead of the reader, so an abort stops output at once.
        async pull(controller) {
          while (position < parts.length) {
            const next = parts[position]!;
            position += 1;
            if (next.paced && tokensPerSecond > 0) {
              const rateFactor = 2 / 3 + (random() * 2) / 3;
              await waitAbortably(1000 / (tokensPerSecond * rateFactor), signal);
            }
            if (signal.aborted) break;
            controller.enqueue(next.part);
            if (next.paced) return;
          }
          // After a reader's cancel the stream is already closed; closing again would throw.
          if (!cancellation.signal.aborted) controller.close();
        },
        cancel() {
          cancellation.abort();
        },
      });
      return { stream };
    },
  };
}
