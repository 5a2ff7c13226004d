import type { AgentRouteErrorCode, StoredWidgetState, ThreadKind } from '@drawbridge/protocol';
import type { AgentModel } from '../agent/run-agent.ts';
import { type AgentProfiles, defaultSkillName } from '../agents/agent-profile.ts';
import { recordTurnInput } from '../assembly/record-turn-input.ts';
import { RunIdTakenError } from '../store/run-id-taken-error.ts';
import { RunInProgressError } from '../store/run-in-progress-error.ts';
import type { RunLease, StoredMessage } from '../store/store.ts';
import { ThreadNotFoundError } from '../store/thread-not-found-error.ts';
import type { ToolContext } from '../tools/agent-tool.ts';
import { AgentRun } from './agent-run.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import { createThreadOnFirstUse } from './create-thread-on-first-use.ts';
import { findOwnedRun } from './find-owned-run.ts';
import type { RunRequest } from './parse-run-request.ts';

/** Why a well-formed run request starts no run; the route maps each code to its HTTP status. */
export type AgentRunRefusal =
  | {
      code: Extract<
        AgentRouteErrorCode,
        | 'unknown_skill'
        | 'thread_not_found'
        | 'nothing_to_continue'
        | 'form_not_open'
        | 'run_id_taken'
        | 'wrong_thread_kind'
        | 'unknown_model'
        | 'attachment_not_found'
      >;
      message: string;
    }
  | { code: 'run_in_progress'; message: string; runId: string };

/** A started run's record and input are stored; its events are produced when the caller asks. */
export type StartAgentRunOutcome =
  | { started: true; run: AgentRun }
  | { started: false; refusal: AgentRunRefusal };

/** Another user's thread is refused as if it did not exist. */
const notFound = (threadId: string): AgentRunRefusal => ({
  code: 'thread_not_found',
  message: `Thread ${threadId} does not exist.`,
});

const runInProgress = (threadId: string, runId: string): AgentRunRefusal => ({
  code: 'run_in_progress',
  message: `Thread ${threadId} already has a run in progress (${runId}); follow it, or cancel it first.`,
  runId,
});

const runIdTaken = (runId: string): AgentRunRefusal => ({
  code: 'run_id_taken',
  message: `runId ${runId} already names one of your runs (see /api/runs/${runId}); send a new runId for a new run.`,
});

const nothingToContinue = (threadId: string): AgentRunRefusal => ({
  code: 'nothing_to_continue',
  message: `The run input ends with tool results, but none of them answers an open tool call of thread ${threadId}.`,
});

const unknownModel = (modelId: string, models: readonly AgentModel[]): AgentRunRefusal => ({
  code: 'unknown_model',
  message: `There is no model "${modelId}" on this server; it has: ${models.map((model) => model.id).join(', ')}.`,
});

const noReplyToContinue = (threadId: string): AgentRunRefusal => ({
  code: 'nothing_to_continue',
  message: `Thread ${threadId} does not end with a reply to continue; send a message instead.`,
});

const attachmentNotFound = (attachmentId: string): AgentRunRefusal => ({
  code: 'attachment_not_found',
  message: `Attachment ${attachmentId} does not exist, or belongs to another chat; upload it again.`,
});

/** Whose conversation a thread of each kind is, as the refusal of another agent says it. */
const threadKindOwners: Record<ThreadKind, string> = {
  chat: 'a chat',
  dashboard: "the dashboard assistant's conversation",
  sample: 'sample history for the dashboard',
};

const wrongThreadKind = (threadId: string, kind: ThreadKind, skillName: string): AgentRunRefusal => ({
  code: 'wrong_thread_kind',
  message: `Thread ${threadId} is ${threadKindOwners[kind]}; the "${skillName}" agent does not answer there.`,
});

const formNotOpen = (threadId: string): AgentRunRefusal => ({
  code: 'form_not_open',
  message: `Those answers are for a form that thread ${threadId} did not draw, or that was already sent.`,
});

/**
 * Everything `POST /api/agent` does between a parsed request and the first event: picks the agent by skill,
 * creates the thread on first use (of the agent's kind) or refuses a thread of another kind, claims the thread
 * with a `running` run record (one at a time per thread, the database decides) named also by the client's
 * `runId` (unique per user), stores the turn's input. Refusals are values; the events are produced only when
 * the caller asks, into the run log, whoever follows it.
 */
export async function startAgentRun({
  request,
  profiles,
  services,
  owner,
  lease,
}: {
  request: RunRequest;
  profiles: AgentProfiles;
  services: AgentRunServices;
  /** Who the run acts for: it runs only in a thread this user owns (or creates). */
  owner: ToolContext['owner'];
  /** The instance's claim the run record starts with. */
  lease?: Omit<RunLease, 'runId'>;
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
  // The client's runId becomes a second name for the run, so it must name nothing yet: checked before a new
  // thread is created for the run, and again by the database when the run is stored (two racing starts).
  if ((await findOwnedRun({ store, runId: request.runId, userId: owner.userId })) !== undefined) {
    return { started: false, refusal: runIdTaken(request.runId) };
  }
  const models = services.models ?? [services.model];
  const requestedModel =
    request.model === undefined ? undefined : models.find((model) => model.id === request.model);
  if (request.model !== undefined && requestedModel === undefined) {
    return { started: false, refusal: unknownModel(request.model, models) };
  }
  const runRecordId = ids();
  let messages: StoredMessage[];
  let widgetStates: StoredWidgetState[];
  let model = services.model;
  let claimed = false;
  try {
    // A thread that does not exist yet has no calls for tool results to answer; refusing first leaves no empty thread behind.
    const existing = await store.getThread(threadId);
    if (existing !== undefined && existing.userId !== owner.userId)
      return { started: false, refusal: notFound(threadId) };
    // One agent's calls in another's thread could not be drawn again there (the same tool name can mean a
    // different tool); the thread's kind says which agent it belongs to.
    if (existing !== undefined && existing.kind !== profile.threadKind) {
      return { started: false, refusal: wrongThreadKind(threadId, existing.kind, skillName) };
    }
    if (existing === undefined && request.continuesAfterToolResults) {
      return { started: false, refusal: nothingToContinue(threadId) };
    }
    if (existing === undefined) {
      await createThreadOnFirstUse({ store, threadId, userId: owner.userId, kind: profile.threadKind });
      // Another user's (or agent's) first run of the same id may have won the race to create it.
      const created = await store.getThread(threadId);
      if (created?.userId !== owner.userId) return { started: false, refusal: notFound(threadId) };
      if (created.kind !== profile.threadKind) {
        return { started: false, refusal: wrongThreadKind(threadId, created.kind, skillName) };
      }
    }
    // The run's own choice, else the thread's; a model the server no longer has gives way to the default.
    const threadModelId = existing?.model ?? null;
    model = requestedModel ?? models.find((candidate) => candidate.id === threadModelId) ?? services.model;
    // The run record is the first thing stored, so a thread that already has a running run refuses the turn
    // (the database's one-running-run-per-thread index decides) before anything else changes.
    await store.startRun({
      id: runRecordId,
      threadId,
      model: model.id,
      ...(lease === undefined ? {} : { lease }),
      clientRunId: { userId: owner.userId, runId: request.runId },
    });
    claimed = true;
    const input = await recordTurnInput({ store, request, userId: owner.userId, ids });
    if (!input.recorded) {
      const refusal =
        input.code === 'form_not_open'
          ? formNotOpen(threadId)
          : input.code === 'attachment_not_found'
            ? attachmentNotFound(input.attachmentId)
            : request.continuesReply === true
              ? noReplyToContinue(threadId)
              : nothingToContinue(threadId);
      await store.finishRun(runRecordId, { status: 'error', error: refusal.message });
      return { started: false, refusal };
    }
    messages = input.messages;
    widgetStates = await store.listWidgetStates(threadId);
  } catch (error) {
    // The thread already has a running run (perhaps started by a request that raced this one).
    if (RunInProgressError.isInstance(error)) {
      return { started: false, refusal: runInProgress(threadId, error.runId) };
    }
    // Another start with the same runId (in another of the user's threads) was stored first.
    if (RunIdTakenError.isInstance(error)) return { started: false, refusal: runIdTaken(request.runId) };
    // Deleted by another request between creating (or finding) it and storing the turn.
    if (ThreadNotFoundError.isInstance(error)) {
      const message = `Thread ${threadId} was deleted while this run started.`;
      return { started: false, refusal: { code: 'thread_not_found', message } };
    }
    // The turn could not be stored (a full disk): the thread must not stay claimed by a run that never ran.
    if (claimed) releaseClaim({ store, runRecordId });
    throw error;
  }
  return {
    started: true,
    run: new AgentRun({
      services: { ...services, model },
      profile,
      request,
      owner,
      runId: runRecordId,
      messages,
      widgetStates,
    }),
  };
}

/**
 * Ends the run record of a start that failed after claiming its thread, trying again with a growing delay while
 * the store refuses (a full disk refuses this write too), so the thread takes runs again once space returns.
 */
function releaseClaim({
  store,
  runRecordId,
}: {
  store: AgentRunServices['store'];
  runRecordId: string;
}): void {
  const attempt = (delayMs: number): void => {
    store.finishRun(runRecordId, { status: 'error', error: 'The turn could not be stored.' }).catch(() => {
      // Not logged here: the request's own error was. The next try comes later, up to every 5 s.
      const next = Math.min(5_000, delayMs * 2);
      setTimeout(() => attempt(next), next).unref();
    });
  };
  attempt(100);
}
