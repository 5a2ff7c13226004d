import { useEffect, useState } from 'react';

/** After midnight by this much, so a timer that fires a little early still lands on the new day. */
const pastMidnightMs = 1000;

/**
 * The time now, read again when the local day changes: at midnight, and when the page is shown again on
 * another day (a sleeping laptop's timers do not fire on time). Between those it stays, so what is grouped by
 * it does not move under the user, however often the page draws.
 */
export function useNowByDay(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const nextMidnight = new Date(now);
    nextMidnight.setHours(24, 0, 0, 0);
    const timer = window.setTimeout(
      () => setNow(new Date()),
      nextMidnight.getTime() - Date.now() + pastMidnightMs,
    );
    const readAgainWhenShown = () => {
      if (document.visibilityState === 'visible' && new Date().toDateString() !== now.toDateString()) {
        setNow(new Date());
      }
    };
    document.addEventListener('visibilitychange', readAgainWhenShown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', readAgainWhenShown);
    };
  }, [now]);
  return now;
}
