import {
  APICallError,
  type AssistantContent,
  experimental_streamLanguageModelCall,
  type LanguageModel,
  type ModelMessage,
  type ToolResultPart,
  type ToolSet,
} from 'ai';
import { modelRetryDelay } from './model-retry-delay.ts';

/** What a run reads of the model's turn: the parts `runAgent` turns into events, named as the AI SDK names them. */
export type AgentStepPart =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown; invalid?: boolean }
  | { type: 'tool-result'; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolCallId: string; toolName: string; input: unknown; error: unknown }
  | { type: 'finish'; totalUsage: { inputTokens: number | undefined; outputTokens: number | undefined } }
  | { type: 'error'; error: unknown };

export interface StreamAgentStepsOptions {
  model: LanguageModel;
  instructions: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Model calls at most (tool round trips + 1). */
  maxSteps: number;
  /** Checked after each step's tool results: true ends the run after this step. */
  stopAfterStep(): boolean;
  abortSignal: AbortSignal;
  /** Retries of a model call that failed before streaming with a retryable error (AI SDK default: 2). */
  maxRetries?: number;
  /** The wait before the first retry, doubled for each further one; default 2 s (the AI SDK's). */
  retryDelayMs?: number;
}

const defaultMaxRetries = 2;
const defaultRetryDelayMs = 2_000;

type ToolOutputPart = Extract<AgentStepPart, { type: 'tool-result' | 'tool-error' }>;

function waitBeforeRetry(delayMs: number, abortSignal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, delayMs);
    function done() {
      clearTimeout(timer);
      abortSignal.removeEventListener('abort', done);
      resolve();
    }
    abortSignal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Starts one model call, retrying what the provider marks retryable: after the wait the provider asks for
 * (`retry-after`), else with the AI SDK's doubling backoff.
 */
async function startModelCall(
  options: StreamAgentStepsOptions,
  messages: ModelMessage[],
): ReturnType<typeof experimental_streamLanguageModelCall> {
  const maxRetries = options.maxRetries ?? defaultMaxRetries;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await experimental_streamLanguageModelCall({
        model: options.model,
        instructions: options.instructions,
        messages,
        ...(options.tools === undefined ? {} : { tools: options.tools }),
        abortSignal: options.abortSignal,
        // Only the next step's messages need the call's content, and this loop collects that itself.
        _internal: { collectContent: false },
      });
    } catch (error) {
      if (!APICallError.isInstance(error) || !error.isRetryable) throw error;
      if (attempt >= maxRetries || options.abortSignal.aborted) throw error;
      const delayMs = modelRetryDelay({
        responseHeaders: error.responseHeaders,
        backoffMs: (options.retryDelayMs ?? defaultRetryDelayMs) * 2 ** attempt,
      });
      await waitBeforeRetry(delayMs, options.abortSignal);
      if (options.abortSignal.aborted) throw error;
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type AssistantParts = Exclude<AssistantContent, string>;
type ProviderMetadata = Record<string, Record<string, unknown>> | undefined;

/**
 * Collects the step's text and reasoning as the next step's assistant message needs them: one part per block
 * id, with the provider's metadata (a reasoning signature) passed back as its options.
 */
function upsertBlock(
  content: AssistantParts,
  blocks: Map<string, number>,
  block: { type: 'text' | 'reasoning'; id: string; text?: string; providerMetadata?: ProviderMetadata },
): void {
  const key = `${block.type}:${block.id}`;
  let index = blocks.get(key);
  if (index === undefined) {
    index = content.push({ type: block.type, text: '' }) - 1;
    blocks.set(key, index);
  }
  const part = content[index] as { text: string; providerOptions?: ProviderMetadata };
  if (block.text !== undefined) part.text += block.text;
  if (block.providerMetadata !== undefined) part.providerOptions = block.providerMetadata;
}

/**
 * The run's own step loop over `experimental_streamLanguageModelCall`: one model call per step, tools
 * executed as their calls arrive and their results fed back, until a step makes no call the server answers.
 * `streamText` does the same through a chain of web TransformStreams per part, which at a thousand
 * concurrent runs cost three times what all the rest of a run's stream does (bench/stream.ts, row `sdk`).
 */
export async function* streamAgentSteps(options: StreamAgentStepsOptions): AsyncGenerator<AgentStepPart> {
  const { tools, abortSignal } = options;
  const messages = [...options.messages];
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  const addTokens = (total: number | undefined, more: number | undefined) =>
    more === undefined ? total : (total ?? 0) + more;

  for (let step = 0; step < options.maxSteps; step += 1) {
    const { stream } = await startModelCall(options, messages);
    const assistantContent: AssistantParts = [];
    const blocks = new Map<string, number>();
    const toolResults: ToolResultPart[] = [];
    // Outputs of finished executions wait here until the loop hands them on, between the model's parts.
    const finishedOutputs: ToolOutputPart[] = [];
    let outputArrived: (() => void) | undefined;
    const finish = (output: ToolOutputPart) => {
      finishedOutputs.push(output);
      outputArrived?.();
    };
    let toolCalls = 0;
    // Calls the server answers: executed here, or refused by the SDK; a client-executed call is not among them.
    let callsToAnswer = 0;
    let failed = false;

    async function* handOn(): AsyncGenerator<AgentStepPart> {
      while (finishedOutputs.length > 0) {
        const part = finishedOutputs.shift()!;
        const tool = tools?.[part.toolName];
        const output =
          part.type === 'tool-error'
            ? { type: 'error-text' as const, value: errorText(part.error) }
            : tool?.toModelOutput !== undefined
              ? await tool.toModelOutput({
                  toolCallId: part.toolCallId,
                  input: part.input,
                  output: part.output,
                })
              : typeof part.output === 'string'
                ? { type: 'text' as const, value: part.output }
                : { type: 'json' as const, value: JSON.parse(JSON.stringify(part.output ?? null)) };
        toolResults.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output,
        });
        yield part;
      }
    }

    for await (const part of stream) {
      switch (part.type) {
        case 'text-start':
        case 'text-end':
        case 'reasoning-start':
        case 'reasoning-end':
          upsertBlock(assistantContent, blocks, {
            type: part.type.startsWith('text') ? 'text' : 'reasoning',
            id: part.id,
            providerMetadata: part.providerMetadata,
          });
          break;
        case 'text-delta':
          upsertBlock(assistantContent, blocks, {
            type: 'text',
            id: part.id,
            text: part.text,
            providerMetadata: part.providerMetadata,
          });
          if (part.text !== '') yield { type: 'text-delta', text: part.text };
          break;
        case 'reasoning-delta':
          upsertBlock(assistantContent, blocks, {
            type: 'reasoning',
            id: part.id,
            text: part.text,
            providerMetadata: part.providerMetadata,
          });
          break;
        case 'tool-input-start':
          if (part.providerExecuted !== true) {
            yield { type: 'tool-input-start', id: part.id, toolName: part.toolName };
          }
          break;
        case 'tool-input-delta':
          yield { type: 'tool-input-delta', id: part.id, delta: part.delta };
          break;
        case 'tool-input-end':
          yield { type: 'tool-input-end', id: part.id };
          break;
        case 'tool-call': {
          if (part.providerExecuted === true) break;
          const { toolCallId, toolName, input } = part;
          const invalid = part.invalid === true;
          assistantContent.push({
            type: 'tool-call',
            toolCallId,
            toolName,
            input: invalid && typeof input !== 'object' ? {} : input,
            ...(part.providerMetadata === undefined ? {} : { providerOptions: part.providerMetadata }),
          });
          toolCalls += 1;
          const execute = invalid ? undefined : tools?.[toolName]?.execute;
          if (invalid || execute !== undefined) callsToAnswer += 1;
          // Started before the call is handed on, as streamText does, so a parked call parks at once.
          if (execute !== undefined) {
            Promise.resolve()
              .then(() => execute(input, { toolCallId, messages, abortSignal, context: {} }))
              .then(
                (output: unknown) => finish({ type: 'tool-result', toolCallId, toolName, input, output }),
                (error: unknown) => finish({ type: 'tool-error', toolCallId, toolName, input, error }),
              );
          }
          yield { type: 'tool-call', toolCallId, toolName, input, ...(invalid ? { invalid } : {}) };
          break;
        }
        case 'tool-error':
          // The SDK's own answer to a call it could not parse or does not know: the model reads it as the result.
          if (part.providerExecuted !== true) finish({ ...part, type: 'tool-error' });
          break;
        case 'model-call-end':
          inputTokens = addTokens(inputTokens, part.usage.inputTokens);
          outputTokens = addTokens(outputTokens, part.usage.outputTokens);
          break;
        case 'error':
          failed = true;
          yield { type: 'error', error: part.error };
          break;
      }
      // Each `yield*` makes a generator and awaits it even when it has nothing to hand on: once per part.
      if (finishedOutputs.length > 0) yield* handOn();
    }
    // The model is done; what remains are executions still running (a parked call waits for its browser).
    const onAbort = () => outputArrived?.();
    abortSignal.addEventListener('abort', onAbort, { once: true });
    try {
      while (toolResults.length < callsToAnswer && !abortSignal.aborted) {
        if (finishedOutputs.length === 0) {
          await new Promise<void>((resolve) => {
            outputArrived = resolve;
          });
          outputArrived = undefined;
        }
        yield* handOn();
      }
    } finally {
      abortSignal.removeEventListener('abort', onAbort);
    }
    if (abortSignal.aborted) throw abortSignal.reason;
    const answeredEveryCall = toolCalls > 0 && toolResults.length === toolCalls;
    if (failed || !answeredEveryCall || options.stopAfterStep()) break;
    messages.push({ role: 'assistant', content: assistantContent });
    messages.push({ role: 'tool', content: toolResults });
  }
  yield { type: 'finish', totalUsage: { inputTokens, outputTokens } };
}
