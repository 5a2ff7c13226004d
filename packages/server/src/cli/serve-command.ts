import { parseArgs } from 'node:util';
import { SettingError } from '../app/setting-error.ts';
import { startServer } from '../app/start-server.ts';
import { ModelConfigError } from '../models/index.ts';
import { SkillFileError } from '../skills/skill-file-error.ts';
import { DatabaseConfigError, DatabaseMigrationError, DatabaseUnavailableError } from '../store/index.ts';

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  return Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : Number.NaN;
}

/** `drawbridge serve`: starts the server on HOST:PORT (default 127.0.0.1:8787) until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  try {
    // Configuration comes from the environment; a flag here is a mistake worth saying, not ignoring.
    parseArgs({ args, options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    console.error(
      `${(error as Error).message.split('\n')[0]}\nusage: drawbridge serve   (configured by PORT, HOST, DRAWBRIDGE_MODEL, DRAWBRIDGE_DB, DRAWBRIDGE_SKILLS_DIR)`,
    );
    return 2;
  }
  const port = parsePort(process.env.PORT);
  if (Number.isNaN(port)) {
    console.error(`PORT must be a whole number from 0 to 65535 (got "${process.env.PORT}").`);
    return 1;
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      env: process.env,
      ...(port === undefined ? {} : { port }),
      ...(process.env.HOST ? { host: process.env.HOST } : {}),
    });
  } catch (error) {
    if (
      error instanceof ModelConfigError ||
      error instanceof SettingError ||
      error instanceof SkillFileError ||
      error instanceof DatabaseConfigError ||
      error instanceof DatabaseUnavailableError ||
      error instanceof DatabaseMigrationError
    ) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      console.error(`The port is already in use; set PORT to another one (e.g. PORT=8788).`);
      return 1;
    }
    throw error;
  }

  console.log(`Drawbridge is listening on ${server.url}`);
  console.log(`Model: ${server.model.id}${server.model.demo ? ' (offline demo)' : ''}`);
  if (server.model.demo) console.log(server.model.hint);

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      console.log(`\n${signal}: closing open runs and the database…`);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
