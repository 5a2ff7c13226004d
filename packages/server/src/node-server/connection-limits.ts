import { readFileSync } from 'node:fs';

/** How long a client may take to send its request headers, and its whole request (not the streamed answer). */
export const defaultHeadersTimeoutMs = 10_000;
export const defaultRequestTimeoutMs = 30_000;
/** How often Node checks those timeouts; its default of 30 s would let a slow client hold a socket far longer. */
export const connectionsCheckingIntervalMs = 1_000;

/** File descriptors kept for the database, the log and outgoing model calls. */
const reservedDescriptors = 64;
const maximumConnections = 10_000;

/** The soft limit on open files of this process, where the platform says it (Linux), else undefined. */
function openFileLimit(): number | undefined {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    // Not Linux, or /proc is not mounted: the fixed default below applies.
    return undefined;
  }
}

/**
 * The most connections the server holds at once: `configured` (`DRAWBRIDGE_MAX_CONNECTIONS`) when set, else
 * what the open-file limit leaves after a reserve, so that a flood of idle sockets is refused at the door
 * instead of starving the process of descriptors for its database and model calls.
 */
export function connectionCap(configured: number | undefined): number {
  if (configured !== undefined) return configured;
  const limit = openFileLimit();
  return limit === undefined
    ? 1_000
    : Math.max(16, Math.min(maximumConnections, limit - reservedDescriptors));
}
