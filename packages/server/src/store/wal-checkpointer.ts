import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WalCheckpointWorkerData, WalCheckpointWorkerMessage } from './wal-checkpoint-worker.ts';

// The worker file beside this one has the same extension: `.ts` run from the sources, `.js` from the build,
// which rewrites import specifiers but not a URL.
const moduleExtension = extname(import.meta.url);

/** How often the worker copies the WAL into the database: small copies, a few disk flushes a second at most. */
export const defaultWalCheckpointIntervalMs = 250;

/**
 * WAL frames (about 16 MB at 4 KiB pages) after which the server's connection finishes a pass the worker
 * made, so that its next commit starts the WAL over instead of growing it.
 */
export const defaultWalRestartFrames = 4_000;

export interface WalCheckpointer {
  /**
   * Stops the worker and waits for it to close its connection, and for a checkpoint on the server's connection
   * to end, so the connection can close next; stopping twice is harmless.
   */
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite file at `path` from a worker thread, so the copying and its disk flushes, which
 * held up every stream for tens of milliseconds per checkpoint, run beside the event loop.
 *
 * A WAL starts over only when a commit finds every frame copied, which a worker copying beside a busy
 * writer seldom leaves: frames written during its pass remain. So once the worker has copied a WAL of
 * `restartFrames`, `checkpointHere` checkpoints on the server's own connection, between its transactions,
 * copying only those last frames, and the next commit starts the WAL over. A worker that cannot start or
 * fails is reported; SQLite's own automatic checkpoint, kept at a far larger WAL (`open-database.ts`),
 * then bounds the WAL by itself.
 */
export function startWalCheckpointer({
  path,
  intervalMs = defaultWalCheckpointIntervalMs,
  restartFrames = defaultWalRestartFrames,
  checkpointHere,
  reportError,
}: {
  path: string;
  intervalMs?: number;
  restartFrames?: number;
  /** Checkpoints on the server's connection, in turn with its queries and transactions. */
  checkpointHere(): Promise<void>;
  reportError: (message: string, error: unknown) => void;
}): WalCheckpointer {
  const workerData: WalCheckpointWorkerData = { path, intervalMs, restartFrames };
  // None of the server's Node flags: a worker inherits them, and some (`--input-type`) refuse a file.
  const worker = new Worker(new URL(`./wal-checkpoint-worker${moduleExtension}`, import.meta.url), {
    workerData,
    execArgv: [],
  });
  // Checkpoints are upkeep: they never keep the process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  // The checkpoint on the server's connection, while one runs: one at a time, and waited for by `stop`.
  let finishing: Promise<void> | undefined;
  worker.on('message', (message: WalCheckpointWorkerMessage) => {
    if (message.type === 'checkpoint_failed') {
      reportError(`checkpointing ${path} in the background failed`, new Error(message.message));
      return;
    }
    if (finishing !== undefined || stopping !== undefined) return;
    finishing = checkpointHere()
      .catch((error: unknown) => reportError(`checkpointing ${path} failed`, error))
      .finally(() => {
        finishing = undefined;
      });
  });
  worker.on('error', (error) => reportError(`the checkpoint worker for ${path} stopped`, error));
  return {
    stop() {
      stopping ??= (async () => {
        // Held again until it has exited: an unreferenced worker lets a process that is ending leave first.
        worker.ref();
        worker.postMessage('stop');
        await Promise.all([exited, finishing]);
      })();
      return stopping;
    },
  };
}
