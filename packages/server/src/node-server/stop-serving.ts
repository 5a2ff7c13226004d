import type { Server } from 'node:http';
import type { RunRegistry } from '../runs/run-registry.ts';
import type { RunSupervisor } from '../runs/run-supervisor.ts';
import type { ServerShutdown } from './server-shutdown.ts';

/** How long responses still open after the runs ended may take to finish before they are cut. */
const lastResponsesMs = 1_000;

/**
 * Stops serving gracefully: new connections and runs are refused, running runs go on for `graceMs`, what
 * is left is interrupted (its followers get a final event first), then every connection is closed and the
 * runs' last writes are awaited. What the runs used (database, backplane) is closed after this, by the caller.
 */
export async function stopServing({
  server,
  shutdown,
  runs,
  supervisor,
  graceMs,
}: {
  server: Server;
  shutdown: ServerShutdown;
  runs: RunRegistry;
  supervisor: RunSupervisor;
  graceMs: number;
}): Promise<void> {
  // New runs are refused with 503 from now on; running ones go on for the grace period.
  shutdown.drain();
  const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let graceOver: NodeJS.Timeout | undefined;
  await Promise.race([runs.settled(), new Promise((resolve) => (graceOver = setTimeout(resolve, graceMs)))]);
  clearTimeout(graceOver);
  // Runs outlive their connections, so what is left is stopped here; their followers get the final event first.
  await supervisor.shutdown();
  // Followers write the final event and end their responses within a turn of the event loop; a response
  // still open a moment later follows a run on another instance and is cut.
  await new Promise((resolve) => setImmediate(resolve));
  server.closeIdleConnections();
  let forceClose: NodeJS.Timeout | undefined;
  await Promise.race([
    serverClosed,
    new Promise((resolve) => (forceClose = setTimeout(resolve, lastResponsesMs))),
  ]);
  clearTimeout(forceClose);
  server.closeAllConnections();
  await serverClosed;
  await runs.settled();
}
