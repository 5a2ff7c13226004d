import { randomUUID } from 'node:crypto';
import { type RunEvent, runEvents } from '@drawbridge/protocol';
import type { LanguageModel, ModelMessage } from 'ai';
import {
  type AssembledAssistantMessage,
  AssistantMessageAssembler,
} from '../assembly/assistant-message-assembler.ts';
import type { EditableWidgetLookup } from '../assembly/widget-edit-builder.ts';
import { describeRunStop } from '../runs/run-stop.ts';
import type { AgentTool, ToolContext, ToolOutcome } from '../tools/agent-tool.ts';
import { createAgentToolSet, describeToolOutcome } from './agent-tool-set.ts';
import { describeModelError } from './describe-model-error.ts';
import { ParkedCallAnnouncer } from './parked-call-announcer.ts';
import { runFinishedOutcome } from './run-finished-outcome.ts';
import { type AgentStepPart, streamAgentSteps } from './stream-agent-steps.ts';

/** The model a run talks to, with the labels the client shows (`ResolvedModel` fits). */
export interface AgentModel {
  model: LanguageModel;
  id: string;
  demo: boolean;
}

export interface RunAgentOptions {
  model: AgentModel;
  system: string;
  /** The conversation the model sees, ending with the user message this run answers. */
  history: ModelMessage[];
  tools?: readonly AgentTool[];
  abortSignal: AbortSignal;
  threadId: string;
  runId: string;
  /** Who the run acts for; tools read only what this user may see. */
  owner: ToolContext['owner'];
  /** The server's id of the durable run, announced in `drawbridge.run`; default `runId` (a console run). */
  runRecordId?: string;
  /** A browser is attached that can answer client-side tool calls. */
  clientAttached?: boolean;
  /** AG-UI `state` from the client, handed to tools as untrusted context. */
  clientState?: unknown;
  /**
   * Names of offered tools the CLIENT executes (AG-UI frontend tools declared in `RunAgentInput.tools` by a
   * client that cannot answer parked calls): offered without `execute`, so the run ends with the call pending.
   */
  clientExecutedToolNames?: ReadonlySet<string>;
  /**
   * The run can end waiting for its client (an HTTP run): with no browser attached, a render call then ends
   * the run with AG-UI 1.0's interrupt outcome instead of failing. A console run has nobody to answer.
   */
  interruptible?: boolean;
  /**
   * Receives the assistant text so far when a tool call begins, before the call is announced, so the caller
   * can store it ahead of whatever the call adds to the thread (a rendered widget's carrier).
   */
  onSegment?(segment: AssembledAssistantMessage): Promise<void>;
  /** Told after each piece of reply text; `read` returns the current segment, for storing it as it grows. */
  onMessageGrowth?(read: () => AssembledAssistantMessage): void;
  /**
   * Called when a tool call is rejected before any tool runs (a tool the model was not offered, or arguments
   * its schema refuses), so governance can record the refusal.
   */
  onUnofferedToolCall?(call: { toolCallId: string; toolName: string; input: unknown }): Promise<unknown>;
  /** Receives every run event in order, as soon as it exists. */
  emit(event: RunEvent): void;
  ids?: () => string;
  /** The thread's widgets a reply may edit (`@@EDIT:id@@`); none by default. */
  editableWidgets?: EditableWidgetLookup;
  /** Model calls per run (tool round trips + 1). */
  maxSteps?: number;
  /** Provider retries before a call counts as failed (AI SDK default: 2). */
  maxRetries?: number;
}

/** A call of a client-executed tool: the run ended with it, and the client's next run brings its result. */
export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * How a run ended, with the last segment of the assistant message as far as it got (partial on abort or
 * error; earlier segments went to `onSegment`).
 */
export interface AgentRunResult extends AssembledAssistantMessage {
  /** The message id the run's events named (the id of the first stored segment). */
  eventMessageId: string;
  status: 'finished' | 'error' | 'aborted';
  /** Calls of client-executed tools, in the order the model made them. */
  pendingToolCalls: PendingToolCall[];
  /** Calls the run was interrupted for (the interrupt outcome names them); the next run's `resume[]` answers. */
  interruptedToolCalls: PendingToolCall[];
  inputTokens?: number;
  outputTokens?: number;
  error?: string;
}

const defaultMaxSteps = 8;

function isToolOutcome(value: unknown): value is ToolOutcome {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  return value.ok === true ? 'output' in value : 'error' in value;
}

function toolResultText(output: unknown): string {
  if (isToolOutcome(output)) return describeToolOutcome(output);
  return typeof output === 'string' ? output : JSON.stringify(output);
}

/**
 * Runs one agent turn: streams the model's reply through the widget parser into run events, relays tool
 * calls, and resolves (never rejects) with the assembled message so the caller can persist even a partial one.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const { model, system, history, abortSignal, threadId, runId, emit } = options;
  const createId = options.ids ?? randomUUID;
  const assembler = new AssistantMessageAssembler({
    messageId: createId(),
    createId,
    ...(options.editableWidgets === undefined ? {} : { editableWidgets: options.editableWidgets }),
  });
  const messageId = assembler.messageId;
  const emitAll = (events: RunEvent[]) => {
    for (const event of events) emit(event);
  };
  const readSegment = () => assembler.snapshot();

  emit(runEvents.runStarted({ threadId, runId }));
  emit(runEvents.runInfo({ model: model.id, demo: model.demo, runId: options.runRecordId ?? runId }));
  emit(runEvents.textStart({ messageId }));

  let status: AgentRunResult['status'] = 'finished';
  let error: string | undefined;
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  // Tool calls whose START went out; a provider that streams input sends start/delta/end before `tool-call`.
  const announcedToolCalls = new Set<string>();
  const openToolCalls = new Set<string>();
  // Calls the SDK rejected before execution; its `tool-error` then carries only a message, not the error class.
  const invalidToolCalls = new Set<string>();
  const clientExecutedToolNames = options.clientExecutedToolNames ?? new Set<string>();
  const pendingToolCalls = new Map<string, PendingToolCall>();
  // Calls a tool interrupted the run for; the step that made them is the run's last.
  const interruptingCallIds = new Set<string>();
  const interruptedToolCalls = new Map<string, PendingToolCall>();
  const interruptible = options.interruptible === true && options.clientAttached !== true;
  const parkedCalls = new ParkedCallAnnouncer({ emit });
  // The first announcement of each call closes the text segment before it; awaiting the store here means a
  // browser cannot answer the call (and store its widget) before the prose that introduced it is stored.
  // Segments the assembler closed after a finished widget, stored before anything that follows them.
  const storeSegments = async (segments: readonly AssembledAssistantMessage[]) => {
    for (const segment of segments) await options.onSegment?.(segment);
  };
  const closeSegmentBeforeToolCall = async () => {
    const { events, segment } = assembler.endSegment();
    emitAll(events);
    await storeSegments([...assembler.takeClosedSegments(), ...(segment === undefined ? [] : [segment])]);
  };

  try {
    const tools = options.tools ?? [];
    // The common part, a text delta, is handled without a promise; the others may wait on the store.
    const handleTextDelta = (text: string): void | Promise<void> => {
      emitAll(assembler.push(text));
      const closed = assembler.takeClosedSegments();
      if (closed.length === 0) {
        options.onMessageGrowth?.(readSegment);
        return;
      }
      // Rare (after a widget): what follows waits until the closed segments are stored.
      return storeSegments(closed).then(() => options.onMessageGrowth?.(readSegment));
    };
    const handlePart = async (part: Exclude<AgentStepPart, { type: 'text-delta' }>): Promise<void> => {
      switch (part.type) {
        case 'tool-input-start':
          await closeSegmentBeforeToolCall();
          announcedToolCalls.add(part.id);
          openToolCalls.add(part.id);
          emit(
            runEvents.toolCallStart({
              toolCallId: part.id,
              toolCallName: part.toolName,
              parentMessageId: messageId,
            }),
          );
          break;
        case 'tool-input-delta':
          if (part.delta !== '') emit(runEvents.toolCallArgs({ toolCallId: part.id, delta: part.delta }));
          break;
        case 'tool-input-end':
          openToolCalls.delete(part.id);
          emit(runEvents.toolCallEnd({ toolCallId: part.id }));
          parkedCalls.ended(part.id);
          break;
        case 'tool-call':
          if (part.invalid === true) invalidToolCalls.add(part.toolCallId);
          if (clientExecutedToolNames.has(part.toolName) && part.invalid !== true) {
            pendingToolCalls.set(part.toolCallId, {
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: part.input,
            });
          }
          if (!announcedToolCalls.has(part.toolCallId)) {
            await closeSegmentBeforeToolCall();
            announcedToolCalls.add(part.toolCallId);
            emit(
              runEvents.toolCallStart({
                toolCallId: part.toolCallId,
                toolCallName: part.toolName,
                parentMessageId: messageId,
              }),
            );
            emit(
              runEvents.toolCallArgs({
                toolCallId: part.toolCallId,
                delta: JSON.stringify(part.input ?? {}),
              }),
            );
            emit(runEvents.toolCallEnd({ toolCallId: part.toolCallId }));
            parkedCalls.ended(part.toolCallId);
          }
          break;
        case 'tool-result':
          // The model never reads an interrupted call's placeholder output; the client's resume answers it.
          if (interruptingCallIds.has(part.toolCallId)) {
            interruptedToolCalls.set(part.toolCallId, {
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: part.input,
            });
            break;
          }
          emit(
            runEvents.toolCallResult({
              messageId: createId(),
              toolCallId: part.toolCallId,
              content: toolResultText(part.output),
            }),
          );
          break;
        case 'tool-error':
          pendingToolCalls.delete(part.toolCallId);
          if (invalidToolCalls.has(part.toolCallId)) {
            await options.onUnofferedToolCall?.({
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: part.input,
            });
          }
          emit(
            runEvents.toolCallResult({
              messageId: createId(),
              toolCallId: part.toolCallId,
              content: `Error: ${part.error instanceof Error ? part.error.message : String(part.error)}`,
            }),
          );
          break;
        case 'finish':
          inputTokens = part.totalUsage.inputTokens;
          outputTokens = part.totalUsage.outputTokens;
          break;
        case 'error':
          status = 'error';
          error = describeModelError(part.error);
          break;
      }
    };
    // Our own step loop rather than `streamText`: the same model calls and tool round trips, without the
    // chain of web streams per part that dominated a run's cost at a thousand concurrent runs.
    await streamAgentSteps({
      model: model.model,
      instructions: system,
      messages: history,
      ...(tools.length === 0
        ? {}
        : {
            tools: createAgentToolSet({
              tools,
              threadId,
              runId,
              owner: options.owner,
              clientAttached: options.clientAttached ?? false,
              clientState: options.clientState,
              clientExecutedToolNames,
              abortSignal,
              onParked: (toolCallId) => parkedCalls.parked(toolCallId),
              ...(interruptible
                ? { onInterrupt: (toolCallId: string) => interruptingCallIds.add(toolCallId) }
                : {}),
            }),
          }),
      maxSteps: options.maxSteps ?? defaultMaxSteps,
      stopAfterStep: () => interruptingCallIds.size > 0,
      abortSignal,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      onPart: (part) => (part.type === 'text-delta' ? handleTextDelta(part.text) : handlePart(part)),
    });
  } catch (thrown) {
    status = abortSignal.aborted ? 'aborted' : 'error';
    error = status === 'aborted' ? undefined : describeModelError(thrown);
  }
  if (status === 'finished' && abortSignal.aborted) status = 'aborted';

  emitAll(assembler.end());
  await storeSegments(assembler.takeClosedSegments());
  for (const toolCallId of openToolCalls) {
    emit(runEvents.toolCallEnd({ toolCallId }));
    parkedCalls.ended(toolCallId);
  }
  emit(runEvents.textEnd({ messageId }));
  if (status === 'finished') {
    const outcome = runFinishedOutcome({
      interrupted: [...interruptedToolCalls.values()],
      pending: [...pendingToolCalls.values()],
    });
    emit(runEvents.runFinished({ threadId, runId, ...(outcome === undefined ? {} : { outcome }) }));
  } else if (status === 'aborted') {
    const { message, code } = describeRunStop(abortSignal.reason);
    emit(runEvents.runError({ message, code }));
  } else emit(runEvents.runError({ message: error ?? 'The model call failed.', code: 'model_error' }));

  return {
    ...assembler.snapshot(),
    eventMessageId: messageId,
    status,
    pendingToolCalls: [...pendingToolCalls.values()],
    interruptedToolCalls: [...interruptedToolCalls.values()],
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
    ...(error === undefined ? {} : { error }),
  };
}
