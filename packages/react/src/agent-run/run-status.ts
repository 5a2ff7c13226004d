/** Where the current reply stands, as the status line and the composer see it. */
export type RunStatus =
  | { phase: 'idle' }
  /** `reconnecting`: the connection to the run dropped and the client is waiting to resume it. */
  | { phase: 'running'; startedAt: number; reconnecting?: boolean }
  | { phase: 'finished'; elapsedMs: number }
  | { phase: 'stopped'; elapsedMs: number }
  | { phase: 'failed'; message: string };

export const idleRunStatus: RunStatus = { phase: 'idle' };
