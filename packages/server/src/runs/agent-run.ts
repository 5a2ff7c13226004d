import {
  EventType,
  type ReplyMessage,
  type RunEvent,
  replySegments,
  runEvents,
  type StoredWidgetState,
} from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { type AgentRunResult, runAgent } from '../agent/run-agent.ts';
import type { AgentProfile } from '../agents/agent-profile.ts';
import { editableWidgetsOf } from '../assembly/editable-widgets.ts';
import { type GovernedToolset, governTools } from '../governance/govern-tools.ts';
import { attachmentIdsToLoad, buildModelHistory } from '../history/build-model-history.ts';
import { continuationRequest } from '../history/continuation-request.ts';
import type { StoredMessage } from '../store/store.ts';
import type { ToolContext } from '../tools/agent-tool.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import type { RunRequest } from './parse-run-request.ts';
import { runEndingOf } from './run-ending.ts';
import type { RunLogEnding } from './run-log/run-log.ts';

export interface AgentRunOptions {
  services: AgentRunServices;
  profile: AgentProfile;
  request: RunRequest;
  /** Who the run acts for. */
  owner: ToolContext['owner'];
  /** The run record, already stored as `running`; the run closes it. */
  runId: string;
  /** The thread's messages with the turn's input, as stored when the run started. */
  messages: readonly StoredMessage[];
  /** What the thread's widgets keep (`host.setState`) as the run started; the model reads it with the turn. */
  widgetStates?: readonly StoredWidgetState[];
}

/** Where the run's events go while it produces them (the final one with the run's ending), and why it would stop early. */
interface Production {
  emit(event: RunEvent, ending?: RunLogEnding): void;
  abortSignal: AbortSignal;
}

/** The context every tool call of this run is governed and audited in, less the call's own id. */
type RunToolContext = Omit<ToolContext, 'toolCallId'>;

/**
 * One run of an agent on the server, from a stored start to a stored end. `startAgentRun` creates it once its
 * record and the turn's input are stored; `produceEvents` then governs the agent's tools and runs the model
 * into the run log, which stores every event before any client is sent it. The reply so far is stored as each
 * tool call begins; the final event carries the run's ending (record, reply, waiting calls), stored in its
 * transaction, so a client that starts the next run on RUN_FINISHED (or reloads) finds this one ended and its
 * reply complete.
 */
export class AgentRun {
  /** The server's id of the run (its record, its log, `/api/runs/:runId`). */
  readonly runId: string;
  readonly #options: AgentRunOptions;

  constructor(options: AgentRunOptions) {
    this.runId = options.runId;
    this.#options = options;
  }

  /** Produces the run's events into `emit` until the run ends or `abortSignal` fires; never rejects for a run failure. */
  async produceEvents({ emit, abortSignal }: Production): Promise<void> {
    const { request, owner, services } = this.#options;
    const { threadId, runId, clientAttached, clientState } = request;
    const context: RunToolContext = { threadId, runId, owner, abortSignal, clientAttached, clientState };
    const toolset = this.#governTools();
    try {
      const result = await this.#execute({ toolset, context, emit, abortSignal });
      await this.#auditClientExecutedCalls({ toolset, context, result });
    } finally {
      services.callLimits.endRun(runId);
    }
  }

  /** What the model reads: the thread's window, and when the run continues a stopped reply, the request to. */
  #history(attachmentData: ReadonlyMap<string, Uint8Array>): ModelMessage[] {
    const { messages, request, widgetStates } = this.#options;
    const history = buildModelHistory(messages, { attachmentData, widgetStates: widgetStates ?? [] });
    if (request.continuesReply !== true) return history;
    const kept = messages.at(-1);
    const cutWidget = kept?.widget !== undefined && !kept.widget.complete;
    return [...history, { role: 'user', content: continuationRequest({ cutWidget }) }];
  }

  /** The agent's tools behind the governance chain of its skill. */
  #governTools(): GovernedToolset {
    const { profile, services } = this.#options;
    const { callLimits, auditLog, clock, ids } = services;
    return governTools({
      tools: profile.tools,
      skill: profile.skill,
      limits: callLimits,
      auditLog,
      clock,
      ids,
    });
  }

  /**
   * The AG-UI convention: a client that cannot answer parked calls declares the tools it runs itself; those
   * calls end the run pending, for the client's next run to answer.
   */
  #clientExecutedToolNames(toolset: GovernedToolset): ReadonlySet<string> {
    const { clientAttached, declaredToolNames } = this.#options.request;
    if (clientAttached) return new Set();
    const declared = new Set(declaredToolNames);
    return new Set(toolset.offered.map((tool) => tool.name).filter((name) => declared.has(name)));
  }

  /** Runs the model; the final event goes out with the run's ending, after the reply's details. */
  async #execute({
    toolset,
    context,
    emit,
    abortSignal,
  }: Production & { toolset: GovernedToolset; context: RunToolContext }): Promise<
    AgentRunResult | undefined
  > {
    const { services, profile, messages } = this.#options;
    const { ids } = services;
    const { threadId } = context;
    const finalEvents = holdFinalEvents(emit);
    let result: AgentRunResult | undefined;
    try {
      const attachmentData = await services.store.readAttachmentData({
        threadId,
        ids: attachmentIdsToLoad(messages),
      });
      result = await runAgent({
        model: services.model,
        system: profile.system,
        history: this.#history(attachmentData),
        tools: toolset.offered,
        abortSignal,
        threadId,
        runId: context.runId,
        owner: context.owner,
        runRecordId: this.runId,
        clientAttached: context.clientAttached,
        // An HTTP run's client can always answer in its next run (AG-UI 1.0 `resume[]`).
        interruptible: true,
        clientState: context.clientState,
        clientExecutedToolNames: this.#clientExecutedToolNames(toolset),
        beforeToolCall: (reply) => this.#storeBeforeToolCall(threadId, reply),
        onUnofferedToolCall: ({ toolCallId, toolName, input }) =>
          toolset.refuse({ toolName, input, context: { ...context, toolCallId } }),
        emit: finalEvents.emit,
        ids,
        editableWidgets: editableWidgetsOf(messages),
        ...(profile.forbidCode === true ? { forbidCode: true } : {}),
      });
      return result;
    } finally {
      const { ending, details } = runEndingOf({
        threadId,
        modelId: services.model.id,
        result,
        abortSignal,
      });
      if (details !== undefined && result !== undefined) {
        emit(runEvents.reply({ messageId: result.reply.id, ...details }));
      }
      finalEvents.release(ending);
    }
  }

  /**
   * Stores the reply so far before a tool call is announced, so it is in the thread before a browser can
   * answer the call and store what it drew. A failure (the thread deleted mid-run) is reported, and the run
   * goes on: its events are stored all the same.
   */
  async #storeBeforeToolCall(threadId: string, reply: ReplyMessage): Promise<void> {
    const { store, logError } = this.#options.services;
    try {
      await store.writeReply({ threadId, segments: replySegments(reply) }, { inProgress: true });
    } catch (error) {
      logError(`could not store the reply of run ${this.runId} before a tool call`, error);
    }
  }

  /** Audits the calls handed to the client, which executes them outside our governance chain. */
  async #auditClientExecutedCalls({
    toolset,
    context,
    result,
  }: {
    toolset: GovernedToolset;
    context: RunToolContext;
    result: AgentRunResult | undefined;
  }): Promise<void> {
    for (const call of result?.pendingToolCalls ?? []) {
      await toolset.recordClientExecution({
        toolName: call.toolName,
        input: call.input,
        context: { ...context, toolCallId: call.toolCallId },
      });
    }
  }
}

/**
 * Passes every event on at once except RUN_FINISHED / RUN_ERROR, which wait for `release(ending)` and go out
 * with the run's ending.
 */
function holdFinalEvents(emit: Production['emit']): {
  emit(event: RunEvent): void;
  release(ending: RunLogEnding): void;
} {
  const held: RunEvent[] = [];
  return {
    emit: (event) => {
      if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) held.push(event);
      else emit(event);
    },
    release: (ending) => {
      for (const event of held) emit(event, ending);
    },
  };
}
