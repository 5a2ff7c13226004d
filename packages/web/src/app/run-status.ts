/** Where the current reply stands, as the status line and the composer see it. */
export type RunStatus =
  | { phase: 'idle' }
  | { phase: 'running'; startedAt: number }
  | { phase: 'finished'; elapsedMs: number }
  | { phase: 'stopped'; elapsedMs: number }
  | { phase: 'failed'; message: string };

export const idleRunStatus: RunStatus = { phase: 'idle' };
