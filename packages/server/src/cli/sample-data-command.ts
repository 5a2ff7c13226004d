import { hasSampleHistory, writeSampleHistory } from '../dashboard/write-sample-history.ts';
import { describeDatabaseLocation } from '../store/database-location.ts';
import { DatabaseMigrationError, DatabaseUnavailableError } from '../store/index.ts';
import { openStorage, type Storage } from '../store/open-storage.ts';
import { readCommandArguments, type TextSink } from './read-command-arguments.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';

const usage = `usage: drawbridge sample-data   load a week of labelled sample history for the dashboard

Writes threads titled "Sample: …" (each with a question and a reply holding a small widget), runs of the
model "sample-data", tool calls and widget events. Loading is done once: when the database already holds
the sample, nothing is written and the command says so.

configured by the environment:
  DRAWBRIDGE_DATABASE_URL   a PostgreSQL database, or else
  DRAWBRIDGE_DB             the SQLite file (default ./data/drawbridge.db)

options:
  -h, --help                print this help
  -v, --version             print the version`;

function firstLineOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * The database refused to open: the store's own errors, or a file-system or SQLite error (a code such as
 * `ENOTDIR`, `EACCES` or `ERR_SQLITE_ERROR`) from creating the SQLite file.
 */
function isExpectedOpenFailure(error: unknown): boolean {
  return (
    DatabaseUnavailableError.isInstance(error) ||
    DatabaseMigrationError.isInstance(error) ||
    (error instanceof Error && typeof (error as { code?: unknown }).code === 'string')
  );
}

/** `drawbridge sample-data`: loads a week of clearly-labelled sample history into the configured database. */
export async function sampleDataCommand(
  args: string[],
  {
    environment,
    output = process.stdout,
    errorOutput = process.stderr,
  }: { environment: Environment; output?: TextSink; errorOutput?: TextSink },
): Promise<number> {
  // Configuration comes from the environment; a flag here is a mistake worth saying, not ignoring.
  const parsed = readCommandArguments({
    args,
    command: 'sample-data',
    usage,
    options: {},
    output,
    errorOutput,
  });
  if (!parsed.proceed) return parsed.exitCode;

  const config = readCommandConfig({ environment, errorOutput, linePrefix: 'drawbridge sample-data: ' });
  if (config === undefined) return 1;
  const { location } = config.store;
  const where = describeDatabaseLocation(location);
  const now = new Date();
  let time = now;
  let storage: Storage;
  try {
    storage = await openStorage({ location, clock: () => time });
  } catch (error) {
    if (!isExpectedOpenFailure(error)) throw error;
    errorOutput.write(`drawbridge sample-data: ${firstLineOf(error)}\n`);
    return 1;
  }
  try {
    const { store, telemetry } = storage;
    if (await hasSampleHistory({ store })) {
      output.write(
        `The sample history is already in ${where}; nothing was written (delete the "Sample: …" threads to load it again).\n`,
      );
      return 0;
    }
    const counts = await writeSampleHistory({
      store,
      telemetry,
      now,
      setTime: (next) => {
        time = next;
      },
    });
    output.write(
      `Loaded sample history into ${where}: ${counts.runs} runs in ${counts.threads} threads titled "Sample: …", ` +
        `${counts.toolCalls} tool calls, ${counts.widgetEvents} widget events (model "sample-data").\n`,
    );
    return 0;
  } catch (error) {
    // Every failure here is the database refusing a write (locked by another process, read-only, full):
    // one line that names it, not a driver's stack trace.
    errorOutput.write(`drawbridge sample-data: could not write to ${where}: ${firstLineOf(error)}\n`);
    return 1;
  } finally {
    await storage.close();
  }
}
