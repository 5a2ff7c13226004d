import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { RedisClientToolBridge } from '../bridge/redis-client-tool-bridge.ts';
import { openRedisConnections } from '../redis/redis-connections.ts';
import type { Store } from '../store/store.ts';
import { DatabaseRunLeases } from './run-leases/database-run-leases.ts';
import { RedisRunLeases } from './run-leases/redis-run-leases.ts';
import type { RunLeases } from './run-leases/run-leases.ts';
import { DurableRunLog } from './run-log/durable-run-log.ts';
import { InProcessRunLog } from './run-log/in-process-run-log.ts';
import { RedisRunLog } from './run-log/redis-run-log.ts';
import type { RunLog } from './run-log/run-log.ts';
import { InProcessRunSignals } from './run-signals/in-process-run-signals.ts';
import { RedisRunSignals } from './run-signals/redis-run-signals.ts';
import type { RunSignals } from './run-signals/run-signals.ts';

/** What instances share about runs besides the records: the event log, cancel signals, parked calls, leases. */
export interface RunBackplane {
  runLog: RunLog;
  runSignals: RunSignals;
  runLeases: RunLeases;
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
  store,
  leaseMs,
  clock,
  logError,
}: {
  redisUrl: string | undefined;
  instanceId: string;
  /** The run records; the leases live there too without Redis. */
  store: Store;
  leaseMs: number;
  clock: () => Date;
  logError(message: string, error: unknown): void;
}): Promise<RunBackplane> {
  if (redisUrl === undefined || redisUrl.trim() === '') {
    const runLog = new DurableRunLog({ store, live: new InProcessRunLog(), logError });
    const runSignals = new InProcessRunSignals();
    return {
      runLog,
      runSignals,
      runLeases: new DatabaseRunLeases({ store, instanceId, leaseMs, clock }),
      bridge: new InMemoryClientToolBridge(),
      shared: false,
      close: async () => {
        await runLog.close();
        await runSignals.close();
      },
    };
  }
  const connections = await openRedisConnections({ url: redisUrl.trim(), logError });
  const { commands: redis, subscriptions } = connections;
  const runSignals = new RedisRunSignals({ redis, subscriptions });
  const bridge = new RedisClientToolBridge({ redis, subscriptions, instanceId });
  try {
    await Promise.all([runSignals.ready(), bridge.ready()]);
  } catch (error) {
    await connections.close();
    throw error;
  }
  const runLog = new DurableRunLog({
    store,
    live: new RedisRunLog({ redis, subscriptions, logError }),
    logError,
  });
  return {
    runLog,
    runSignals,
    runLeases: new RedisRunLeases({ redis, store, instanceId, leaseMs, clock }),
    bridge,
    shared: true,
    close: async () => {
      await runLog.close();
      await runSignals.close();
      await connections.close();
    },
  };
}
