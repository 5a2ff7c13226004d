import { parseArgs } from 'node:util';
import { writeSampleHistory } from '../dashboard/write-sample-history.ts';
import { databaseLocationFromEnvironment, describeDatabaseLocation } from '../store/database-location.ts';
import { openStorage } from '../store/open-storage.ts';

/** `drawbridge sample-data`: loads a week of clearly-labelled sample history into the configured database. */
export async function sampleDataCommand(args: string[]): Promise<number> {
  try {
    // Configuration comes from the environment; a flag here is a mistake worth saying, not ignoring.
    parseArgs({ args, options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    console.error(
      `${(error as Error).message.split('\n')[0]}\nusage: drawbridge sample-data   (writes to DRAWBRIDGE_DATABASE_URL, or the SQLite file DRAWBRIDGE_DB names)`,
    );
    return 2;
  }
  const location = databaseLocationFromEnvironment(process.env);
  const now = new Date();
  let time = now;
  const clock = () => time;
  const storage = await openStorage({ location, clock });
  const { store, telemetry } = storage;
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
      `Loaded sample history into ${describeDatabaseLocation(location)}: ${counts.runs} runs in ${counts.threads} threads titled "Sample: …", ` +
        `${counts.toolCalls} tool calls, ${counts.widgetEvents} widget events (model "sample-data").`,
    );
    return 0;
  } finally {
    await storage.close();
  }
}
