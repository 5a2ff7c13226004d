import type { RunEvent } from '@drawbridge/protocol';
import { type AgentRunRequest, streamAgentRun } from '../api/stream-agent-run.ts';

/**
 * How the run client reaches runs: fetch and decode only, no state. Kept apart from the client so that
 * durable runs (re-attach to a run by id from its last seen sequence number, Stop as a cancel of the run)
 * arrive as new methods here while the client's state handling stays as it is.
 */
export interface AgentRunTransport {
  /** Starts a run with the user's new message and yields its events; aborting `signal` drops the connection. */
  start(request: AgentRunRequest): AsyncIterable<RunEvent>;
  /** Asks the server to cancel a run by its server id (from `drawbridge.run`); closing the stream does not. */
  cancel?(runId: string): Promise<void>;
}

/** The transport over `POST /api/agent` (NDJSON). */
export const httpAgentRunTransport: AgentRunTransport = {
  start: (request) => streamAgentRun(request),
  cancel: async (runId) => {
    await fetch(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' });
  },
};
