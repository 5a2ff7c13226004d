/** A provider's own wait is taken when it is shorter than a minute, or shorter than our backoff would be. */
const longestProviderWaitMs = 60_000;

/**
 * How long to wait before retrying a model call: the provider's `retry-after-ms` or `retry-after` (seconds, or
 * an HTTP date) when it sends one that is sensible, else our doubling backoff. A rate-limited provider says
 * when it will take the next call; retrying sooner only spends the retry.
 */
export function modelRetryDelay({
  responseHeaders,
  backoffMs,
  now = Date.now(),
}: {
  responseHeaders: Record<string, string> | undefined;
  backoffMs: number;
  now?: number;
}): number {
  const asked = providerWaitMs(responseHeaders, now);
  if (asked === undefined || asked < 0) return backoffMs;
  return asked < longestProviderWaitMs || asked < backoffMs ? asked : backoffMs;
}

function providerWaitMs(headers: Record<string, string> | undefined, now: number): number | undefined {
  if (headers === undefined) return undefined;
  const header = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const milliseconds = header('retry-after-ms');
  if (milliseconds !== undefined && /^\d+(\.\d+)?$/.test(milliseconds)) return Number(milliseconds);
  const after = header('retry-after');
  if (after === undefined || after === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1_000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - now;
}
