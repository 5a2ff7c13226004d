/** The summary numbers the benches print, written once. */

/**
 * The value at `fraction` (0.5 for p50, 0.99 for p99) of values sorted ascending: the nearest rank at or
 * below it, so p99 of 100 samples is the 100th. NaN when there are none.
 */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** The middle of `values` (in any order), or the mean of the two middle ones when their count is even. NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return sorted.length === 0 ? Number.NaN : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
