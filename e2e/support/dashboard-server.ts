import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../packages/server/src/config/parse-config.ts';
import { writeSampleHistory } from '../../packages/server/src/dashboard/write-sample-history.ts';
import { resolveModel } from '../../packages/server/src/models/index.ts';
import { startServer } from '../../packages/server/src/node-server/start-server.ts';
import { openStorage } from '../../packages/server/src/store/index.ts';
import type { AppServer } from './app-server.ts';

/**
 * The real server with the real skills and the offline demo model, over a fresh SQLite file seeded with the
 * labelled sample week, so the dashboard has runs, tool calls and widget events to show.
 */
export async function startDashboardServer({ pace = 0 }: { pace?: number } = {}): Promise<AppServer> {
  const directory = await mkdtemp(join(tmpdir(), 'drawbridge-dashboard-e2e-'));
  const databasePath = join(directory, 'drawbridge.db');
  const config = parseConfig({
    server: { port: 0 },
    model: { id: 'demo', demoPace: pace },
    store: { sqlitePath: databasePath },
  });
  const now = new Date();
  // While seeding, the writer moves this clock back through the week; afterwards it is the wall clock.
  let seedingTime: Date | undefined = now;
  const clock = () => seedingTime ?? new Date();
  // One handle on the file for both: a second one in the same process would wait on the first one's locks.
  const storage = await openStorage({ location: { dialect: 'sqlite', path: databasePath }, clock });
  const { store, telemetry } = storage;
  await writeSampleHistory({
    store,
    telemetry,
    now,
    setTime: (next) => {
      seedingTime = next;
    },
  });
  seedingTime = undefined;
  const server = await startServer({ config, store, telemetry, model: resolveModel(config.model) });
  return {
    url: server.url,
    async close() {
      await server.close();
      await storage.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
