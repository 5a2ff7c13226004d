import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4ProviderTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
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
import { promptCacheBreakpoint } from '../models/prompt-cache-breakpoint.ts';
import { waitAbortably } from '../models/wait-abortably.ts';
import { modelRetryDelay } from './model-retry-delay.ts';

export interface StartModelCallOptions {
  model: LanguageModel;
  instructions: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  abortSignal: AbortSignal;
  /** Routes the calls of one conversation to the same OpenAI prompt cache (`prompt_cache_key`). */
  promptCacheKey?: string;
  /** Retries of a call that failed before streaming with a retryable error (AI SDK default: 2). */
  maxRetries?: number;
  /** The wait before the first retry, doubled for each further one; default 2 s (the AI SDK's). */
  retryDelayMs?: number;
}

const defaultMaxRetries = 2;
const defaultRetryDelayMs = 2_000;

/**
 * Starts one model call and returns the provider's own stream of parts, read as it comes: the prompt and
 * tools converted as the AI SDK converts them, the stable prefix (tool definitions, then the system prompt)
 * marked for providers that cache only what is marked, and a call that failed with what the provider marks retryable
 * retried after the wait it asks for (`retry-after`), else with the AI SDK's doubling backoff.
 */
export async function startModelCall(
  options: StartModelCallOptions,
): Promise<ReadableStream<LanguageModelV4StreamPart>> {
  const { abortSignal } = options;
  const model = resolveLanguageModel(options.model);
  // Anthropic's prefix runs tools → system → messages; a breakpoint after each keeps the tools cached when
  // only the system prompt changes. The history marks its own breakpoint (the quoted latest widget).
  const prompt = await standardizePrompt({
    instructions: { role: 'system', content: options.instructions, providerOptions: promptCacheBreakpoint },
    messages: options.messages,
  });
  const promptMessages = await convertToLanguageModelPrompt({
    prompt,
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal,
    provider: model.provider.split('.')[0],
  });
  const tools = markLastTool(await prepareTools({ tools: options.tools }));
  const toolChoice = prepareToolChoice({ toolChoice: undefined });
  const providerOptions =
    options.promptCacheKey === undefined ? undefined : { openai: { promptCacheKey: options.promptCacheKey } };
  const maxRetries = options.maxRetries ?? defaultMaxRetries;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { stream } = await model.doStream({
        prompt: promptMessages,
        tools,
        toolChoice,
        abortSignal,
        ...(providerOptions === undefined ? {} : { providerOptions }),
      });
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

/**
 * The tool definitions with a cache breakpoint after the last one, which caches them all. Only a function
 * tool carries provider options; the run offers no provider tools, so the last one is a function.
 */
function markLastTool(
  tools: (LanguageModelV4FunctionTool | LanguageModelV4ProviderTool)[] | undefined,
): (LanguageModelV4FunctionTool | LanguageModelV4ProviderTool)[] | undefined {
  const last = tools?.at(-1);
  if (tools === undefined || last?.type !== 'function') return tools;
  return [
    ...tools.slice(0, -1),
    { ...last, providerOptions: { ...last.providerOptions, ...promptCacheBreakpoint } },
  ];
}
