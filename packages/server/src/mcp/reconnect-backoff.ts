/** How long to wait before reconnecting a server that went away. */
export interface ReconnectBackoff {
  /** The first wait; every failed attempt doubles it. */
  initialDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
}

export const defaultReconnectBackoff: ReconnectBackoff = { initialDelayMs: 500, maxDelayMs: 30_000 };

/** The wait before reconnect attempt `attempt` (0 for the first): doubling from the first delay, capped. */
export function reconnectDelayMs({
  attempt,
  backoff,
}: {
  attempt: number;
  backoff: ReconnectBackoff;
}): number {
  return Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** Math.min(attempt, 30));
}
