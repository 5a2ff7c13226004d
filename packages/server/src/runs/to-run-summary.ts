import type { RunSummary } from '@drawbridge/protocol';
import type { RunRecord } from '../store/store.ts';

/** The part of a run record a client follows a run by (the API's `run`). */
export function toRunSummary(record: RunRecord): RunSummary {
  const { id, threadId, status, startedAt, endedAt } = record;
  return { id, threadId, status, startedAt, endedAt };
}
