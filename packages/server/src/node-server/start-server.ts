import { parseConfig } from '../config/parse-config.ts';
import { type AssembleDrawbridgeOptions, assembleDrawbridge } from '../drawbridge/assemble-drawbridge.ts';
import type { ServedModel } from '../http/create-app.ts';
import { AsyncDisposableStack } from '../lifecycle/async-disposable-stack.ts';
import type { EventStreamLimits } from '../transport/event-stream-sink.ts';
import { connectionCap, defaultHeadersTimeoutMs, defaultRequestTimeoutMs } from './connection-limits.ts';
import { startIdleMemoryRelease } from './idle-memory-release.ts';
import { listenHttpServer } from './listen-http-server.ts';
import { stopServing } from './stop-serving.ts';

export interface StartServerOptions extends AssembleDrawbridgeOptions {
  /** How long a client may take to send its headers; default 10 s. */
  headersTimeoutMs?: number;
  /** How long a client may take to send its whole request (not to read the answer); default 30 s. */
  requestTimeoutMs?: number;
  /** How far one run stream's client may fall behind before it is dropped; default `defaultEventStreamLimits`. */
  streamLimits?: Partial<EventStreamLimits>;
  /**
   * The process is the server's own (`drawbridge serve`): once idle after a burst of runs, it gives the memory
   * the heap grew into back to the system (`startIdleMemoryRelease`). Off by default, for a process that runs
   * more than the server.
   */
  releaseIdleMemory?: boolean;
}

export interface RunningServer {
  url: string;
  model: ServedModel;
  /**
   * Stops accepting connections and runs, lets running runs finish for `graceMs` (default 0), ends the rest
   * with a final `RUN_ERROR` `interrupted`, waits for their last writes and closes what the server opened.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Starts Drawbridge (what `createDrawbridge` assembles, at the root) on Node's own HTTP server with the fast
 * streaming path, a connection cap and graceful shutdown; resolves once it listens. Everything it opens joins one stack and is
 * closed in reverse order — at `close()`, or at once when the start fails (a port in use, a broken skill file):
 * the listener before the sandbox and MCP servers, those before the run sweeper, the backplane and the database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    config = parseConfig(),
    headersTimeoutMs = defaultHeadersTimeoutMs,
    requestTimeoutMs = defaultRequestTimeoutMs,
    streamLimits,
    releaseIdleMemory = false,
    ...rest
  } = options;
  // Disposed here if anything below throws; moved out to `close` once the server listens.
  await using opening = new AsyncDisposableStack();
  const { app, model, shutdown, runs, supervisor } = await assembleDrawbridge({ ...rest, config }, opening);
  const { server, url } = await listenHttpServer({
    fetch: (request, bindings) => app.fetch(request, bindings),
    port: config.server.port,
    host: config.server.host,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections: connectionCap(config.server.maxConnections),
    streamLimits,
  });
  let graceMs = 0;
  opening.defer(() => stopServing({ server, shutdown, runs, supervisor, graceMs }));
  if (releaseIdleMemory) {
    const release = startIdleMemoryRelease({
      activeRuns: () => runs.size,
      reportError: rest.logError ?? ((message, error) => console.error(`[drawbridge] ${message}:`, error)),
    });
    opening.defer(() => release.stop());
  }

  const resources = opening.move();
  let closing: Promise<void> | undefined;
  return {
    url,
    model,
    close: ({ graceMs: grace = 0 } = {}) => {
      // The first call decides the grace; a second one waits for the same close.
      if (closing === undefined) {
        graceMs = grace;
        closing = resources.disposeAsync();
      }
      return closing;
    },
  };
}
