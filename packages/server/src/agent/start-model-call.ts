import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
// The pieces `experimental_streamLanguageModelCall` is made of, without the two web TransformStreams it pipes
// every part through. `ai` is pinned to an exact version because `ai/internal` follows no semver promise.
import {
  convertToLanguageModelPrompt,
  prepareToolChoice,
  prepareTools,
  resolveLanguageModel,
  standardizePrompt,
} from 'ai/internal';
import { waitAbortably } from '../models/wait-abortably.ts';
import { modelRetryDelay } from './model-retry-delay.ts';

export interface StartModelCallOptions {
  model: LanguageModel;
  instructions: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  abortSignal: AbortSignal;
  /** Retries of a call that failed before streaming with a retryable error (AI SDK default: 2). */
  maxRetries?: number;
  /** The wait before the first retry, doubled for each further one; default 2 s (the AI SDK's). */
  retryDelayMs?: number;
}

const defaultMaxRetries = 2;
const defaultRetryDelayMs = 2_000;

/**
 * Starts one model call and returns the provider's own stream of parts, read as it comes: the prompt and
 * tools converted as the AI SDK converts them, and a call that failed with what the provider marks retryable
 * retried after the wait it asks for (`retry-after`), else with the AI SDK's doubling backoff.
 */
export async function startModelCall(
  options: StartModelCallOptions,
): Promise<ReadableStream<LanguageModelV4StreamPart>> {
  const { abortSignal } = options;
  const model = resolveLanguageModel(options.model);
  const prompt = await standardizePrompt({ instructions: options.instructions, messages: options.messages });
  const promptMessages = await convertToLanguageModelPrompt({
    prompt,
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal,
    provider: model.provider.split('.')[0],
  });
  const tools = await prepareTools({ tools: options.tools });
  const toolChoice = prepareToolChoice({ toolChoice: undefined });
  const maxRetries = options.maxRetries ?? defaultMaxRetries;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { stream } = await model.doStream({ prompt: promptMessages, tools, toolChoice, abortSignal });
      return stream;
    } catch (error) {
      if (!APICallError.isInstance(error) || !error.isRetryable) throw error;
      if (attempt >= maxRetries || abortSignal.aborted) throw error;
      const delayMs = modelRetryDelay({
        responseHeaders: error.responseHeaders,
        backoffMs: (options.retryDelayMs ?? defaultRetryDelayMs) * 2 ** attempt,
      });
      await waitAbortably(delayMs, abortSignal);
      if (abortSignal.aborted) throw error;
    }
  }
}
