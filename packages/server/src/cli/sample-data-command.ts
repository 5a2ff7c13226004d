import { removeSampleHistory } from '../dashboard/remove-sample-history.ts';
import { hasSampleHistory, writeSampleHistory } from '../dashboard/write-sample-history.ts';
import { describeDatabaseLocation } from '../store/database-location.ts';
import { DatabaseMigrationError, DatabaseUnavailableError } from '../store/index.ts';
import { openStorage, type Storage } from '../store/open-storage.ts';
import { readCommandArguments, type TextSink } from './read-command-arguments.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';

const usage = `usage: drawbridge sample-data            load a week of labelled sample history for the dashboard
       drawbridge sample-data --remove   delete the loaded sample history

Writes runs of the model "sample-data" in six threads titled "Sample: …", tool calls and widget events:
the dashboard's figures, never chats (the chat list does not show them). Loading is done once: when the
database already holds the sample, nothing is written and the command says so.

configured by the environment:
  DRAWBRIDGE_DATABASE_URL   a PostgreSQL database, or else
  DRAWBRIDGE_DB             the SQLite file (default ./data/drawbridge.db)

options:
  --remove                  delete the sample (its threads, runs, tool calls, widget events); nothing else
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

/**
 * `drawbridge sample-data`: loads a week of clearly-labelled sample history into the configured database, or
 * with `--remove` deletes it again.
 */
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
    options: { remove: { type: 'boolean' } },
    output,
    errorOutput,
  });
  if (!parsed.proceed) return parsed.exitCode;
  const remove = parsed.values.remove === true;

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
    if (remove) {
      const removed = await removeSampleHistory({ store });
      output.write(
        removed.threads === 0
          ? `There is no sample history in ${where}; nothing was deleted.\n`
          : `Deleted the sample history from ${where}: ${removed.threads} threads with their runs, tool calls and widget events.\n`,
      );
      return 0;
    }
    if (await hasSampleHistory({ store })) {
      output.write(
        `The sample history is already in ${where}; nothing was written (drawbridge sample-data --remove deletes it, to load it again).\n`,
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
