import type { RunEvent } from '@drawbridge/protocol';
import type { AgentProfile } from '../agents/agent-profile.ts';
import { governTools } from '../governance/govern-tools.ts';
import type { StoredMessage } from '../store/store.ts';
import type { ToolContext } from '../tools/agent-tool.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import { executeAgentRun } from './execute-agent-run.ts';
import type { RunRequest } from './parse-run-request.ts';

export interface ProduceAgentRunEventsOptions {
  services: AgentRunServices;
  profile: AgentProfile;
  request: RunRequest;
  /** Who the run acts for. */
  owner: ToolContext['owner'];
  /** The run record `startAgentRun` stored as running. */
  runRecordId: string;
  /** The thread's messages with the turn's input, as `startAgentRun` stored them. */
  messages: readonly StoredMessage[];
  /** Receives every event of the run in order; whoever reads them (one HTTP response, a run log) is not our concern. */
  emit(event: RunEvent): void;
  /** Cancels the model call and every tool; the run then ends with the `RUN_ERROR` its reason describes (`describeRunStop`). */
  abortSignal: AbortSignal;
}

/**
 * Produces one run's events, from RUN_STARTED to RUN_FINISHED/RUN_ERROR, for a turn whose input is stored:
 * governs the agent's tools, runs the model, audits the calls handed to an AG-UI client and frees the run's
 * call budget. Resolves when the run and its persistence are over.
 */
export async function produceAgentRunEvents({
  services,
  profile,
  request,
  owner,
  runRecordId,
  messages,
  emit,
  abortSignal,
}: ProduceAgentRunEventsOptions): Promise<void> {
  const { store, clock, ids, callLimits } = services;
  const { threadId, runId, clientAttached, clientState } = request;
  const toolset = governTools({
    tools: profile.tools,
    skill: profile.skill,
    limits: callLimits,
    auditLog: services.auditLog,
    clock,
    ids,
  });
  const runContext = { threadId, runId, owner, abortSignal, clientAttached, clientState };
  // The AG-UI convention: a client that cannot answer parked calls declares the tools it runs itself.
  const declared = new Set(request.declaredToolNames);
  const clientExecutedToolNames = new Set(
    clientAttached ? [] : toolset.offered.map((tool) => tool.name).filter((name) => declared.has(name)),
  );
  try {
    const result = await services.runs.track(
      executeAgentRun({
        store,
        model: services.model,
        system: profile.system,
        tools: toolset.offered,
        clientState,
        clientExecutedToolNames,
        onUnofferedToolCall: ({ toolCallId, toolName, input }) =>
          toolset.refuse({ toolName, input, context: { ...runContext, toolCallId } }),
        threadId,
        runId,
        owner,
        runRecordId,
        messages,
        clientAttached,
        ids,
        emit,
        abortSignal,
        reportError: services.logError,
      }),
    );
    for (const call of result?.pendingToolCalls ?? []) {
      await toolset.recordClientExecution({
        toolName: call.toolName,
        input: call.input,
        context: { ...runContext, toolCallId: call.toolCallId },
      });
    }
  } finally {
    callLimits.endRun(runId);
  }
}
