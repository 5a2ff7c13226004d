import type { RateLimitSettings } from '../auth/auth-settings.ts';
import type { Store } from '../store/store.ts';
import { SlidingWindowCounter } from './sliding-window-counter.ts';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** Why a user may not start a run now, and when they may try again. */
export interface RunLimitRefusal {
  code: 'run_rate_limited' | 'token_budget_exhausted';
  message: string;
  retryAfterSeconds: number;
}

/** Per-user limits on starting runs: runs per minute (in memory) and tokens per rolling day (from the store). */
export interface RunLimits {
  /** Counts the run when it is allowed; `undefined` means go ahead. */
  check(input: { userId: string }): Promise<RunLimitRefusal | undefined>;
}

export function createRunLimits({
  settings,
  store,
  clock,
}: {
  settings: RateLimitSettings;
  store: Pick<Store, 'tokenUsage'>;
  clock: () => Date;
}): RunLimits {
  const perMinute =
    settings.runsPerMinute > 0
      ? new SlidingWindowCounter({ windowMs: minuteMs, limit: settings.runsPerMinute })
      : undefined;
  return {
    async check({ userId }) {
      const now = clock().getTime();
      if (settings.tokensPerDay > 0) {
        const usage = await store.tokenUsage({ userId, since: new Date(now - dayMs).toISOString() });
        if (usage.tokens >= settings.tokensPerDay) {
          const oldest = usage.oldestRunStartedAt === null ? now : Date.parse(usage.oldestRunStartedAt);
          return {
            code: 'token_budget_exhausted',
            message: `You used ${usage.tokens.toLocaleString('en-US')} of ${settings.tokensPerDay.toLocaleString('en-US')} tokens in the last 24 hours; runs start again as older ones age out.`,
            retryAfterSeconds: Math.max(1, Math.ceil((oldest + dayMs - now) / 1000)),
          };
        }
      }
      const taken = perMinute?.take({ key: userId, now });
      if (taken !== undefined && !taken.allowed) {
        return {
          code: 'run_rate_limited',
          message: `At most ${settings.runsPerMinute} runs a minute; wait a moment and send again.`,
          retryAfterSeconds: Math.ceil(taken.retryAfterMs / 1000),
        };
      }
      return undefined;
    },
  };
}
