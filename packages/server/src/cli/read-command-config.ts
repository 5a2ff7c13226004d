import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { readConfigFromEnvironment } from '../config/read-config-from-environment.ts';
import type { TextSink } from './read-command-arguments.ts';

/** The process environment as the `drawbridge` command passes it to its subcommands. */
export type Environment = Record<string, string | undefined>;

/**
 * The configuration a command runs with, or `undefined` after writing every problem with it to `errorOutput`,
 * one line each, so the command can exit 1 (a wrong setting is found in one go, not one start at a time).
 */
export function readCommandConfig({
  environment,
  errorOutput,
  linePrefix = '',
}: {
  environment: Environment;
  errorOutput: TextSink;
  /** Put before each line, for a command whose every error line names it. */
  linePrefix?: string;
}): DrawbridgeConfig | undefined {
  const result = readConfigFromEnvironment(environment);
  if (result.success) return result.config;
  for (const problem of result.problems) errorOutput.write(`${linePrefix}${problem.message}\n`);
  return undefined;
}
