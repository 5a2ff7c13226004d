import { EventType, type RunEvent, runEvents } from '@drawbridge/protocol';
import { type AgentRunResult, runAgent } from '../agent/run-agent.ts';
import type { AgentProfile } from '../agents/agent-profile.ts';
import { editableWidgetsOf } from '../assembly/editable-widgets.ts';
import { GrowingMessageWriter } from '../assembly/growing-message-writer.ts';
import { type GovernedToolset, governTools } from '../governance/govern-tools.ts';
import { buildModelHistory } from '../history/build-model-history.ts';
import type { StoredMessage } from '../store/store.ts';
import type { ToolContext } from '../tools/agent-tool.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import type { RunRequest } from './parse-run-request.ts';
import { persistRunOutcome } from './persist-run-outcome.ts';

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
}

/** Where the run's events go while it produces them, and why it would stop early. */
interface Production {
  emit(event: RunEvent): void;
  abortSignal: AbortSignal;
}

/** The context every tool call of this run is governed and audited in, less the call's own id. */
type RunToolContext = Omit<ToolContext, 'toolCallId'>;

/**
 * One run of an agent on the server, from a stored start to a stored end. `startAgentRun` creates it once its
 * record and the turn's input are stored; `produceEvents` then governs the agent's tools, runs the model,
 * stores the reply as it grows and the outcome when it ends, and only then emits the final event, so a client
 * that starts the next run on RUN_FINISHED (or reloads) finds this one ended and its reply complete.
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

  /** Runs the model with the reply stored as it grows; stores the outcome before the final event goes out. */
  async #execute({
    toolset,
    context,
    emit,
    abortSignal,
  }: Production & { toolset: GovernedToolset; context: RunToolContext }): Promise<
    AgentRunResult | undefined
  > {
    const { services, profile, messages } = this.#options;
    const { store, ids, logError } = services;
    const { threadId } = context;
    const writer = new GrowingMessageWriter({
      store,
      threadId,
      reportError: logError,
      ...(services.messageWriteIntervalMs === undefined
        ? {}
        : { intervalMs: services.messageWriteIntervalMs }),
    });
    const finalEvents = holdFinalEvents(emit);
    let result: AgentRunResult | undefined;
    try {
      result = await runAgent({
        model: services.model,
        system: profile.system,
        history: buildModelHistory(messages),
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
        beforeToolCall: (reply) => writer.store(reply),
        onMessageGrowth: (read) => writer.grew(read),
        onUnofferedToolCall: ({ toolCallId, toolName, input }) =>
          toolset.refuse({ toolName, input, context: { ...context, toolCallId } }),
        emit: finalEvents.emit,
        ids,
        editableWidgets: editableWidgetsOf(messages),
      });
      return result;
    } finally {
      const details = await persistRunOutcome({
        store,
        threadId,
        runRecordId: this.runId,
        modelId: services.model.id,
        writer,
        result,
        abortSignal,
        ids,
        reportError: logError,
      });
      if (details !== undefined && result !== undefined) {
        emit(runEvents.reply({ messageId: result.reply.id, ...details }));
      }
      finalEvents.release();
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

/** Passes every event on at once except RUN_FINISHED / RUN_ERROR, which wait for `release()`. */
function holdFinalEvents(emit: (event: RunEvent) => void): { emit(event: RunEvent): void; release(): void } {
  const held: RunEvent[] = [];
  return {
    emit: (event) => {
      if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) held.push(event);
      else emit(event);
    },
    release: () => {
      for (const event of held) emit(event);
    },
  };
}
