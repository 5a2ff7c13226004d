// A worker thread's own connection to the server's SQLite file, copying the WAL into the database every
// `intervalMs`: the page copies and the disk flushes of a checkpoint happen here, not on the event loop
// every stream shares. Started by `startWalCheckpointer`; imports only Node's own modules, since a worker
// loads this file by itself (from the sources, Node strips its types).
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

export interface WalCheckpointWorkerData {
  path: string;
  intervalMs: number;
  /** WAL frames from which a pass that copied them all is reported, so the WAL can be started over. */
  restartFrames: number;
}

/** What the worker tells its starter. */
export type WalCheckpointWorkerMessage =
  /** Every frame of a WAL of at least `restartFrames` is in the database now. */
  | { type: 'copied' }
  /** A checkpoint failed; said once per stretch of failing ones. */
  | { type: 'checkpoint_failed'; message: string };

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const { path, intervalMs, restartFrames } = workerData as WalCheckpointWorkerData;
const database = new DatabaseSync(path);
// PASSIVE waits for no reader and no writer: the server's connection writes on while frames are copied.
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const tell = (message: WalCheckpointWorkerMessage) => parentPort?.postMessage(message);
let failing = false;
const timer = setInterval(() => {
  try {
    const { busy, log, checkpointed } = checkpoint.get() as unknown as CheckpointResult;
    failing = false;
    if (busy === 0 && log >= restartFrames && checkpointed === log) tell({ type: 'copied' });
  } catch (error) {
    if (failing) return;
    failing = true;
    tell({ type: 'checkpoint_failed', message: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort?.close();
});
