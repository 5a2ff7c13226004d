import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { InProcessRunLog } from '../run/run-log/in-process-run-log.ts';
import type { RunLog } from '../run/run-log/run-log.ts';
import { InProcessRunSignals } from '../run/run-signals/in-process-run-signals.ts';
import type { RunSignals } from '../run/run-signals/run-signals.ts';
import { SettingError } from './setting-error.ts';

/** What instances share about runs besides the database: the event log, cancel signals, parked calls. */
export interface RunBackplane {
  runLog: RunLog;
  runSignals: RunSignals;
  bridge: ClientToolBridge;
  /** True when other instances may share it (Redis); false for the embedded, single-process default. */
  shared: boolean;
  close(): Promise<void>;
}

/**
 * In this process by default; on Redis with `DRAWBRIDGE_REDIS_URL`, so any number of instances can serve
 * one deployment. Connects (and subscribes) before returning, so the server listens only once it can.
 */
export async function openRunBackplane({
  redisUrl,
  instanceId,
  logError,
}: {
  redisUrl: string | undefined;
  instanceId: string;
  logError(message: string, error: unknown): void;
}): Promise<RunBackplane> {
  if (redisUrl === undefined || redisUrl.trim() === '') {
    const runLog = new InProcessRunLog();
    const runSignals = new InProcessRunSignals();
    return {
      runLog,
      runSignals,
      bridge: new InMemoryClientToolBridge(),
      shared: false,
      close: async () => {
        await runLog.close();
        await runSignals.close();
      },
    };
  }
  throw new SettingError(
    'DRAWBRIDGE_REDIS_URL needs a build with the Redis run backplane; unset it to run one instance.',
  );
}
