import { writeSampleHistory } from '../dashboard/write-sample-history.ts';
import { defaultDatabasePath } from '../store/default-database-path.ts';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';

/** `drawbridge sample-data`: loads a week of clearly-labelled sample history into the configured database. */
export async function sampleDataCommand(_args: string[]): Promise<number> {
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
