import type { AgentRouteErrorCode, RunEvent } from '@drawbridge/protocol';
import { type AgentProfiles, defaultSkillName } from '../agents/agent-profile.ts';
import { ThreadNotFoundError } from '../store/thread-not-found-error.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import { createThreadOnFirstUse } from './create-thread-on-first-use.ts';
import type { RunRequest } from './parse-run-request.ts';
import { produceAgentRunEvents } from './produce-agent-run-events.ts';
import { recordTurnInput } from './record-turn-input.ts';

/** Why a well-formed run request starts no run; the route maps each code to its HTTP status. */
export interface AgentRunRefusal {
  code: Extract<
    AgentRouteErrorCode,
    'unknown_skill' | 'thread_not_found' | 'nothing_to_continue' | 'form_not_open'
  >;
  message: string;
}

/** A run whose input is stored and whose events are not produced yet. */
export interface StartedAgentRun {
  /** Produces the run's events into `emit` until the run ends or `abortSignal` fires; never rejects for a run failure. */
  produceEvents(options: { emit(event: RunEvent): void; abortSignal: AbortSignal }): Promise<void>;
}

export type StartAgentRunOutcome =
  | { started: true; run: StartedAgentRun }
  | { started: false; refusal: AgentRunRefusal };

const nothingToContinue = (threadId: string): AgentRunRefusal => ({
  code: 'nothing_to_continue',
  message: `The run input ends with tool results, but none of them answers an open tool call of thread ${threadId}.`,
});

const formNotOpen = (threadId: string): AgentRunRefusal => ({
  code: 'form_not_open',
  message: `Those answers are for a form that thread ${threadId} did not draw, or that was already sent.`,
});

/**
 * Everything `POST /api/agent` does between a parsed request and the first event: picks the agent by skill,
 * creates the thread on first use, stores the turn's input. Refusals are values; the events are produced
 * only when the caller asks, so the same run can feed one HTTP response today and a run log tomorrow.
 */
export async function startAgentRun({
  request,
  profiles,
  services,
}: {
  request: RunRequest;
  profiles: AgentProfiles;
  services: AgentRunServices;
}): Promise<StartAgentRunOutcome> {
  const { store, ids } = services;
  const { threadId } = request;
  const skillName = request.skill ?? defaultSkillName;
  const profile = profiles.get(skillName);
  if (profile === undefined) {
    const known = [...profiles.keys()].join(', ');
    const message = `There is no skill "${skillName}"; this server has: ${known}.`;
    return { started: false, refusal: { code: 'unknown_skill', message } };
  }
  try {
    // A thread that does not exist yet has no calls for tool results to answer; refusing first leaves no empty thread behind.
    const exists = (await store.getThread(threadId)) !== undefined;
    if (!exists && request.continuesAfterToolResults) {
      return { started: false, refusal: nothingToContinue(threadId) };
    }
    if (!exists) await createThreadOnFirstUse({ store, threadId });
    const input = await recordTurnInput({ store, request, ids });
    if (!input.recorded) {
      return {
        started: false,
        refusal: input.code === 'form_not_open' ? formNotOpen(threadId) : nothingToContinue(threadId),
      };
    }
  } catch (error) {
    // Deleted by another request between creating (or finding) it and storing the turn.
    if (error instanceof ThreadNotFoundError) {
      const message = `Thread ${threadId} was deleted while this run started.`;
      return { started: false, refusal: { code: 'thread_not_found', message } };
    }
    throw error;
  }
  return {
    started: true,
    run: {
      produceEvents: ({ emit, abortSignal }) =>
        produceAgentRunEvents({ services, profile, request, emit, abortSignal }),
    },
  };
}
