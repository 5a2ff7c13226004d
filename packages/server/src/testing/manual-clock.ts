/**
 * A clock a test moves by hand, so what depends on time (lease expiry, a sweep's patience) is decided by the
 * test and never by wall time. `now` is what the code under test is given as its clock.
 */
export function manualClock(start = '2026-12-01T09:00:00.000Z') {
  let time = Date.parse(start);
  return {
    now: () => new Date(time),
    advance: (milliseconds: number) => {
      time += milliseconds;
    },
    /** The clock's time plus `offsetMilliseconds`, as an ISO string. */
    at: (offsetMilliseconds: number) => new Date(time + offsetMilliseconds).toISOString(),
  };
}
