import type { SequencedRunEvent } from '@drawbridge/protocol';
import type { ServerLocation } from '../api/api-url.ts';
import { cancelRun, followRun } from '../api/run-api.ts';
import { type AgentRunRequest, streamAgentRun } from '../api/stream-agent-run.ts';

export type { SequencedRunEvent } from '@drawbridge/protocol';

/**
 * How the run client reaches runs: fetch and decode only, no state. A run belongs to the server: the
 * response that starts it is one view of it, `follow` is another from any point of its event log, and
 * stopping it is `cancel`, not the closing of a connection.
 */
export interface AgentRunTransport {
  /**
   * Starts a run with the user's new message and yields its events, each with its place in the run's log;
   * aborting `signal` drops the connection (the run goes on). A thread that already has a running run
   * refuses with `ApiError` code `run_in_progress`, whose `runId` names it.
   */
  start(request: AgentRunRequest): AsyncIterable<SequencedRunEvent>;
  /** Replays a run's events after `after` (0: from the start), then follows it live until it ends. */
  follow(input: { runId: string; after: number; signal: AbortSignal }): AsyncIterable<SequencedRunEvent>;
  /** Asks the server to cancel the run; its followers then get the final event saying so. */
  cancel(input: { runId: string }): Promise<void>;
}

/** The transport over `POST <baseUrl>/api/agent` and `<baseUrl>/api/runs/:runId` (NDJSON). */
export function httpAgentRunTransport({ baseUrl }: ServerLocation = {}): AgentRunTransport {
  return {
    start: (request) => streamAgentRun({ ...request, baseUrl }),
    follow: (input) => followRun({ ...input, baseUrl }),
    cancel: (input) => cancelRun({ ...input, baseUrl }),
  };
}
