import { parseArgs } from 'node:util';
import { writeSampleHistory } from '../dashboard/write-sample-history.ts';
import { defaultDatabasePath } from '../store/default-database-path.ts';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';

/** `drawbridge sample-data`: loads a week of clearly-labelled sample history into the configured database. */
export async function sampleDataCommand(args: string[]): Promise<number> {
  try {
    // Configuration comes from the environment; a flag here is a mistake worth saying, not ignoring.
    parseArgs({ args, options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    console.error(
      `${(error as Error).message.split('\n')[0]}\nusage: drawbridge sample-data   (writes to the database DRAWBRIDGE_DB names)`,
    );
    return 2;
  }
  const path = defaultDatabasePath(process.env);
  const now = new Date();
  let time = now;
  const clock = () => time;
  const store = openSqliteStore({ path, clock });
  const telemetry = openSqliteTelemetry({ path, clock });
  try {
    const counts = await writeSampleHistory({
      store,
      telemetry,
      now,
      setTime: (next) => {
        time = next;
      },
    });
    console.log(
      `Loaded sample history into ${path}: ${counts.runs} runs in ${counts.threads} threads titled "Sample: …", ` +
        `${counts.toolCalls} tool calls, ${counts.widgetEvents} widget events (model "sample-data").`,
    );
    return 0;
  } finally {
    await store.close();
    await telemetry.close();
  }
}
