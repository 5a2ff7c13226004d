/** Where a client resumes a run's events, or why the request cannot say. */
export type ResumePoint = { success: true; seq: number } | { success: false; message: string };

const sequencePattern = /^\d{1,15}$/;

/**
 * The last seq a client has: the `Last-Event-ID` header when present (what an `EventSource` sends on
 * reconnect, newer than the `?after=` its URL still carries), else `?after=`, else 0 (from the start).
 */
export function readResumePoint({
  lastEventId,
  after,
}: {
  lastEventId: string | undefined;
  after: string | undefined;
}): ResumePoint {
  const header = lastEventId?.trim();
  if (header !== undefined && header !== '') {
    return sequencePattern.test(header)
      ? { success: true, seq: Number(header) }
      : {
          success: false,
          message: 'Last-Event-ID must be the seq of an event of this run (a whole number).',
        };
  }
  if (after === undefined) return { success: true, seq: 0 };
  return sequencePattern.test(after)
    ? { success: true, seq: Number(after) }
    : { success: false, message: 'after must be the seq of an event of this run (a whole number).' };
}
