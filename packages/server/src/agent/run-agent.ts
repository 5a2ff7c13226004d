import { randomUUID } from 'node:crypto';
import {
  emptyReplyMessage,
  type ReplyMessage,
  type RunEvent,
  replyEventReducer,
  runEvents,
  sendA2uiToolName,
} from '@drawbridge/protocol';
import type { LanguageModel, ModelMessage } from 'ai';
import { AssistantMessageAssembler } from '../assembly/assistant-message-assembler.ts';
import type { EditableWidgetLookup } from '../assembly/widget-edit-builder.ts';
import { promptCacheKeyFor } from '../models/prompt-cache-breakpoint.ts';
import { describeRunStop } from '../runs/run-stop.ts';
import type { AgentTool, ToolContext } from '../tools/agent-tool.ts';
import { A2uiToolCallActivities } from './a2ui-tool-call-activities.ts';
import { createAgentToolSet } from './agent-tool-set.ts';
import { describeModelError } from './describe-model-error.ts';
import { ParkedCallAnnouncer } from './parked-call-announcer.ts';
import { ReplyText } from './reply-text.ts';
import { runFinishedOutcome } from './run-finished-outcome.ts';
import { type AgentStepPart, streamAgentSteps } from './stream-agent-steps.ts';
import { type PendingToolCall, ToolCallEvents } from './tool-call-events.ts';

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
   * Receives the reply so far when a tool call begins, before the call is announced, so the caller can store
   * it ahead of whatever the call adds to the thread (a rendered widget's carrier).
   */
  beforeToolCall?(reply: ReplyMessage): Promise<void>;
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
  /** Model-written code is turned off: a widget in the reply is refused, and none of it is sent or kept. */
  forbidCode?: boolean;
  /** Model calls per run (tool round trips + 1). */
  maxSteps?: number;
  /** Provider retries before a call counts as failed (AI SDK default: 2). */
  maxRetries?: number;
}

/** How a run ended, with its reply as far as it got (partial on abort or error). */
export interface AgentRunResult {
  /** The reply as the run's events built it (`applyReplyEvent`): what a client drew and the store keeps. */
  reply: ReplyMessage;
  status: 'finished' | 'error' | 'aborted';
  /** Calls of client-executed tools, in the order the model made them. */
  pendingToolCalls: PendingToolCall[];
  /** Calls the run was interrupted for (the interrupt outcome names them); the next run's `resume[]` answers. */
  interruptedToolCalls: PendingToolCall[];
  inputTokens?: number;
  /** The part of `inputTokens` the provider read from its prompt cache. */
  cachedInputTokens?: number;
  outputTokens?: number;
  error?: string;
}

const defaultMaxSteps = 8;

/** How the model's turn went, as its parts said. */
interface TurnEnd {
  status: AgentRunResult['status'];
  error: string | undefined;
  inputTokens: number | undefined;
  cachedInputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** RUN_STARTED, the run's model and record id (`drawbridge.run`), and the reply's TEXT_MESSAGE_START. */
function announceRun(options: RunAgentOptions, emit: (event: RunEvent) => void, messageId: string): void {
  const { model, threadId, runId } = options;
  emit(runEvents.runStarted({ threadId, runId }));
  emit(runEvents.runInfo({ model: model.id, demo: model.demo, runId: options.runRecordId ?? runId }));
  emit(runEvents.textStart({ messageId }));
}

/** The run's tools as the AI SDK calls them, each call reporting parks and interrupts to `toolCalls`. */
function toolSetFor(options: RunAgentOptions, toolCalls: ToolCallEvents, parkedCalls: ParkedCallAnnouncer) {
  const tools = options.tools ?? [];
  if (tools.length === 0) return undefined;
  const interruptible = options.interruptible === true && options.clientAttached !== true;
  return createAgentToolSet({
    tools,
    threadId: options.threadId,
    runId: options.runId,
    owner: options.owner,
    clientAttached: options.clientAttached ?? false,
    clientState: options.clientState,
    clientExecutedToolNames: options.clientExecutedToolNames ?? new Set<string>(),
    abortSignal: options.abortSignal,
    onParked: (toolCallId) => parkedCalls.parked(toolCallId),
    onShown: (toolCallId, activity) => parkedCalls.shown(toolCallId, activity),
    ...(interruptible ? { onInterrupt: (toolCallId: string) => toolCalls.interrupt(toolCallId) } : {}),
  });
}

/** The run's final event: RUN_FINISHED with its outcome, or RUN_ERROR saying why it stopped. */
function finalEvent(options: RunAgentOptions, end: TurnEnd, toolCalls: ToolCallEvents): RunEvent {
  const { threadId, runId, abortSignal } = options;
  if (end.status === 'aborted') {
    const { message, code } = describeRunStop(abortSignal.reason);
    return runEvents.runError({ message, code });
  }
  if (end.status === 'error') {
    return runEvents.runError({ message: end.error ?? 'The model call failed.', code: 'model_error' });
  }
  const outcome = runFinishedOutcome({ interrupted: toolCalls.interrupted, pending: toolCalls.pending });
  return runEvents.runFinished({ threadId, runId, ...(outcome === undefined ? {} : { outcome }) });
}

/**
 * Runs one agent turn: streams the model's reply through the widget parser into run events, relays tool
 * calls, and resolves (never rejects) with the reply those events make, so the caller can persist even a
 * partial one.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const { abortSignal } = options;
  const createId = options.ids ?? randomUUID;
  const messageId = createId();
  const assembler = new AssistantMessageAssembler({
    messageId,
    createId,
    ...(options.editableWidgets === undefined ? {} : { editableWidgets: options.editableWidgets }),
    ...(options.forbidCode === true ? { forbidCode: true } : {}),
  });
  // Every event passes through the reducer a client folds it with, so the reply stored is the reply drawn. A
  // live edit's revision continues its base (`fromBase`): the widget the assembler applied it to.
  const foldEvent = replyEventReducer(assembler.widgetBases);
  let folded = emptyReplyMessage(messageId);
  const emit = (event: RunEvent): void => {
    folded = foldEvent(folded, event);
    options.emit(event);
  };
  const reply = new ReplyText({
    assembler,
    emit,
    readReply: () => folded,
    ...(options.beforeToolCall === undefined ? {} : { beforeToolCall: options.beforeToolCall }),
  });
  const parkedCalls = new ParkedCallAnnouncer({ emit });
  const toolCalls = new ToolCallEvents({
    emit,
    messageId,
    createId,
    parkedCalls,
    clientExecutedToolNames: options.clientExecutedToolNames ?? new Set<string>(),
    beforeAnnouncing: () => reply.closeBeforeToolCall(),
    ...(options.onUnofferedToolCall === undefined
      ? {}
      : { onUnofferedToolCall: options.onUnofferedToolCall }),
  });
  const a2uiCalls = new A2uiToolCallActivities({
    emit,
    offered: (options.tools ?? []).some((tool) => tool.name === sendA2uiToolName),
  });
  announceRun(options, emit, messageId);

  const end: TurnEnd = {
    status: 'finished',
    error: undefined,
    inputTokens: undefined,
    cachedInputTokens: undefined,
    outputTokens: undefined,
  };
  const handlePart = (part: AgentStepPart): void | Promise<void> => {
    switch (part.type) {
      // The common part, handled without a promise; the others may wait on the store.
      case 'text-delta':
        return reply.push(part.text);
      case 'finish':
        end.inputTokens = part.totalUsage.inputTokens;
        end.cachedInputTokens = part.totalUsage.cachedInputTokens;
        end.outputTokens = part.totalUsage.outputTokens;
        return;
      case 'error':
        end.status = 'error';
        end.error = describeModelError(part.error);
        return;
      default:
        // An A2UI call is drawn as its surface after the call's own events (a provider that does not stream
        // input announces the call whole, then it is drawn).
        return toolCalls.handle(part).then(() => a2uiCalls.handle(part));
    }
  };
  try {
    const tools = toolSetFor(options, toolCalls, parkedCalls);
    // Our own step loop rather than `streamText`: the same model calls and tool round trips, without the
    // chain of web streams per part that dominated a run's cost at a thousand concurrent runs.
    await streamAgentSteps({
      model: options.model.model,
      instructions: options.system,
      messages: options.history,
      ...(tools === undefined ? {} : { tools }),
      maxSteps: options.maxSteps ?? defaultMaxSteps,
      stopAfterStep: () => toolCalls.interruptRequested,
      abortSignal,
      promptCacheKey: promptCacheKeyFor(options.threadId),
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
      onPart: handlePart,
    });
  } catch (thrown) {
    end.status = abortSignal.aborted ? 'aborted' : 'error';
    end.error = end.status === 'aborted' ? undefined : describeModelError(thrown);
  }
  if (end.status === 'finished' && abortSignal.aborted) end.status = 'aborted';

  reply.end();
  toolCalls.endOpenCalls();
  emit(runEvents.textEnd({ messageId }));
  emit(finalEvent(options, end, toolCalls));
  const { status, error, inputTokens, cachedInputTokens, outputTokens } = end;
  return {
    reply: folded,
    status,
    pendingToolCalls: toolCalls.pending,
    interruptedToolCalls: toolCalls.interrupted,
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
    ...(error === undefined ? {} : { error }),
  };
}
