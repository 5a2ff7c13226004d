import type { ToolResultPart } from 'ai';
import { parseToolCall } from 'ai/internal';
import { type StartModelCallOptions, startModelCall } from './start-model-call.ts';
import { StepBlocks } from './step-blocks.ts';
import { UnsupportedModelOutputError } from './unsupported-model-output-error.ts';

/** What a run reads of the model's turn: the parts `runAgent` turns into events, named as the AI SDK names them. */
export type AgentStepPart =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown; invalid?: boolean }
  | { type: 'tool-result'; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolCallId: string; toolName: string; input: unknown; error: unknown }
  | { type: 'finish'; totalUsage: AgentUsage }
  | { type: 'error'; error: unknown };

/** The tokens of a run's model calls, summed; `cachedInputTokens` is the part of the input read from a prompt cache. */
export interface AgentUsage {
  inputTokens: number | undefined;
  cachedInputTokens: number | undefined;
  outputTokens: number | undefined;
}

export interface StreamAgentStepsOptions extends StartModelCallOptions {
  /** Model calls at most (tool round trips + 1). */
  maxSteps: number;
  /** Checked after each step's tool results: true ends the run after this step. */
  stopAfterStep(): boolean;
  /**
   * Handed each part in order. A returned promise is awaited before the next part is read; returning nothing
   * (the common text delta) costs no promise at all.
   */
  onPart(part: AgentStepPart): void | Promise<void>;
}

type ToolOutputPart = Extract<AgentStepPart, { type: 'tool-result' | 'tool-error' }>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The error for a tool the provider executed itself: the run offers only tools it executes (or its client does). */
function providerExecutedCall(tool: string): UnsupportedModelOutputError {
  return new UnsupportedModelOutputError({
    partType: 'provider-executed-tool',
    message: `The model provider ran a tool itself (${tool}), which Drawbridge does not offer or show.`,
  });
}

/**
 * The run's own step loop: one model call per step, read part by part from the provider's stream, tools
 * executed as their calls arrive and their results fed back, until a step makes no call the server answers.
 * `streamText` and `experimental_streamLanguageModelCall` do the same through web TransformStreams per part,
 * which at a thousand concurrent runs cost more than the rest of a run's path (bench/stream.ts, row `sdk`).
 */
export async function streamAgentSteps(options: StreamAgentStepsOptions): Promise<void> {
  const { tools, abortSignal, onPart } = options;
  const messages = [...options.messages];
  let inputTokens: number | undefined;
  let cachedInputTokens: number | undefined;
  let outputTokens: number | undefined;
  const addTokens = (total: number | undefined, more: number | undefined) =>
    more === undefined ? total : (total ?? 0) + more;

  for (let step = 0; step < options.maxSteps; step += 1) {
    // Read straight from the provider: cancelled on abort, and on leaving early so its response is closed.
    const reader = (await startModelCall({ ...options, messages })).getReader();
    const cancelModelCall = () => void reader.cancel(abortSignal.reason).catch(() => {});
    abortSignal.addEventListener('abort', cancelModelCall, { once: true });
    const blocks = new StepBlocks();
    const assistantContent = blocks.content;
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

    async function handOn(): Promise<void> {
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
        await onPart(part);
      }
    }

    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const part = read.value;
        switch (part.type) {
          case 'text-start':
          case 'text-end':
          case 'reasoning-start':
          case 'reasoning-end':
            blocks.upsert(
              part.type.startsWith('text') ? 'text' : 'reasoning',
              part.id,
              undefined,
              part.providerMetadata,
            );
            break;
          case 'text-delta':
            blocks.upsert('text', part.id, part.delta, part.providerMetadata);
            if (part.delta !== '') {
              // Awaited only when the handler is waiting on something: an await of nothing is a microtask too.
              const handled = onPart({ type: 'text-delta', text: part.delta });
              if (handled !== undefined) await handled;
            }
            break;
          case 'reasoning-delta':
            blocks.upsert('reasoning', part.id, part.delta, part.providerMetadata);
            break;
          case 'tool-input-start':
            if (part.providerExecuted === true) throw providerExecutedCall(part.toolName);
            await onPart({ type: 'tool-input-start', id: part.id, toolName: part.toolName });
            break;
          case 'tool-input-delta':
            await onPart({ type: 'tool-input-delta', id: part.id, delta: part.delta });
            break;
          case 'tool-input-end':
            await onPart({ type: 'tool-input-end', id: part.id });
            break;
          case 'tool-call': {
            if (part.providerExecuted === true) throw providerExecutedCall(part.toolName);
            // Validated against the tool's schema as the AI SDK validates it; an unknown tool or bad input comes
            // back marked invalid, and the model reads the reason as the call's result.
            const call = await parseToolCall({
              toolCall: part,
              tools,
              repairToolCall: undefined,
              instructions: options.instructions,
              messages,
              abortSignal,
            });
            const { toolCallId, toolName, input } = call;
            const invalid = 'invalid' in call && call.invalid === true;
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
            await onPart({ type: 'tool-call', toolCallId, toolName, input, ...(invalid ? { invalid } : {}) });
            if (invalid) {
              const error = 'error' in call ? errorText(call.error) : 'The tool call is invalid.';
              finish({ type: 'tool-error', toolCallId, toolName, input, error });
            }
            break;
          }
          case 'finish':
            inputTokens = addTokens(inputTokens, part.usage.inputTokens.total);
            cachedInputTokens = addTokens(cachedInputTokens, part.usage.inputTokens.cacheRead);
            outputTokens = addTokens(outputTokens, part.usage.outputTokens.total);
            break;
          case 'error':
            failed = true;
            await onPart({ type: 'error', error: part.error });
            break;
          case 'custom':
            // Provider-specific content, handed back to the provider with the step, as the AI SDK does.
            assistantContent.push({
              type: 'custom',
              kind: part.kind,
              ...(part.providerMetadata === undefined ? {} : { providerOptions: part.providerMetadata }),
            });
            break;
          case 'source':
            // A citation of what the text says (a web or document source). The text itself reaches the
            // client; no run event carries citations, and the model is not sent its own sources back (the
            // AI SDK's step messages leave them out too).
            break;
          case 'stream-start':
          case 'response-metadata':
          case 'ping':
          case 'raw':
            // About the call, not the reply: warnings for settings we do not send, the response's id and
            // model, keep-alives, and raw chunks, which arrive only when asked for (we never ask).
            break;
          case 'file':
          case 'reasoning-file':
            throw new UnsupportedModelOutputError({
              partType: part.type,
              message: `The model replied with a file (${part.mediaType}), which Drawbridge cannot show.`,
            });
          case 'tool-result':
          case 'tool-approval-request':
            // Only a tool the provider executes has its result or an approval request in the model's own
            // stream, and the run offers none.
            throw providerExecutedCall('toolName' in part ? part.toolName : `call ${part.toolCallId}`);
          default: {
            const exhaustiveCheck: never = part;
            throw new UnsupportedModelOutputError({
              partType: String((exhaustiveCheck as { type?: unknown }).type),
              message: `The model sent a stream part this server does not know: ${JSON.stringify((exhaustiveCheck as { type?: unknown }).type)}.`,
            });
          }
        }
        if (finishedOutputs.length > 0) await handOn();
      }
    } finally {
      abortSignal.removeEventListener('abort', cancelModelCall);
      cancelModelCall();
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
        await handOn();
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
  await onPart({ type: 'finish', totalUsage: { inputTokens, cachedInputTokens, outputTokens } });
}
