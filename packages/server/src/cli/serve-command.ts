import { ConfigError } from '../config/config-error.ts';
import { McpConfigError } from '../mcp/mcp-config-error.ts';
import { ModelConfigError } from '../models/index.ts';
import { SettingError } from '../node-server/setting-error.ts';
import { startServer } from '../node-server/start-server.ts';
import { RedisUnavailableError } from '../redis/redis-unavailable-error.ts';
import { SkillFileError } from '../skills/skill-file-error.ts';
import { DatabaseMigrationError, DatabaseUnavailableError } from '../store/index.ts';
import { readCommandArguments } from './read-command-arguments.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';

const usage = `usage: drawbridge serve   start the server until SIGINT/SIGTERM

configured by the environment:
  PORT, HOST                  where it listens (default 127.0.0.1:8787)
  DRAWBRIDGE_MODEL            the model (the offline demo when unset)
  DRAWBRIDGE_DATABASE_URL     a PostgreSQL database, or else
  DRAWBRIDGE_DB               the SQLite file
  DRAWBRIDGE_SKILLS_DIR       the folder of skill files
  DRAWBRIDGE_MCP_CONFIG       a JSON file of MCP servers to connect ({ "mcpServers": … })
  DRAWBRIDGE_RETENTION_DAYS   days operational records are kept (30)
  DRAWBRIDGE_AUTH             sign-in: accounts, oidc, accounts,oidc or proxy
                              (required when HOST is not loopback; docs/security.md)
  DRAWBRIDGE_SHUTDOWN_GRACE_MS  how long SIGTERM lets running runs finish (25000)
  DRAWBRIDGE_RUN_TIMEOUT_MS   how long a run may take before it is stopped (600000)
  DRAWBRIDGE_RUN_LEASE_MS     how long a run's lease lasts unrenewed (15000)
  DRAWBRIDGE_REDIS_URL        Redis for run logs, parked calls, cancels and leases (several instances)
  DRAWBRIDGE_AUTO_REPAIR      1: a broken widget asks for its repair once
  (every setting: README, docs/deployment.md; every wrong one is listed at once)

options:
  -h, --help                  print this help
  -v, --version               print the version`;

/** `drawbridge serve`: starts the server on HOST:PORT (default 127.0.0.1:8787) until SIGINT/SIGTERM. */
export async function serveCommand(
  args: string[],
  { environment }: { environment: Environment },
): Promise<number> {
  // Configuration comes from the environment; a flag here is a mistake worth saying, not ignoring.
  const parsed = readCommandArguments({
    args,
    command: 'serve',
    usage,
    options: {},
    output: process.stdout,
    errorOutput: process.stderr,
  });
  if (!parsed.proceed) return parsed.exitCode;
  const config = readCommandConfig({ environment, errorOutput: process.stderr });
  if (config === undefined) return 1;
  const graceMs = config.server.shutdownGraceMs;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ config, releaseIdleMemory: true });
  } catch (error) {
    if (
      ConfigError.isInstance(error) ||
      ModelConfigError.isInstance(error) ||
      SettingError.isInstance(error) ||
      SkillFileError.isInstance(error) ||
      McpConfigError.isInstance(error) ||
      DatabaseUnavailableError.isInstance(error) ||
      DatabaseMigrationError.isInstance(error) ||
      RedisUnavailableError.isInstance(error)
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
      console.log(`\n${signal}: no new runs; letting running ones finish for up to ${graceMs} ms…`);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close({ graceMs });
  return 0;
}
