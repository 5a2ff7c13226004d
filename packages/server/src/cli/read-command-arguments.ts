import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { drawbridgeVersion } from './drawbridge-version.ts';

/** Where a command writes; tests pass collectors, the CLI passes the process streams. */
export interface TextSink {
  write(text: string): unknown;
}

/** What a command does next: go on with its parsed arguments, or stop with this exit code. */
export type CommandArguments<Values> =
  | { proceed: true; values: Values; positionals: string[] }
  | { proceed: false; exitCode: 0 | 2 };

/**
 * Parses a command's arguments the same way for every command: `--help`/`-h` prints the usage and stops,
 * `--version`/`-v` prints the version and stops (both exit 0 before the command does anything), and an
 * unknown flag or stray argument is one line on stderr and exit 2.
 */
export function readCommandArguments<Options extends ParseArgsOptionsConfig>({
  args,
  command,
  usage,
  options,
  allowPositionals = false,
  output,
  errorOutput,
}: {
  args: readonly string[];
  /** As typed after `drawbridge`, for the error line. */
  command: string;
  usage: string;
  options: Options;
  allowPositionals?: boolean;
  output: TextSink;
  errorOutput: TextSink;
}): CommandArguments<Record<string, string | boolean | undefined>> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        ...options,
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals,
    });
  } catch (error) {
    // parseArgs throws for an unknown option, a stray argument or a missing value; its first line says which.
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    errorOutput.write(`drawbridge ${command}: ${reason} (see drawbridge ${command} --help)\n`);
    return { proceed: false, exitCode: 2 };
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help === true) {
    output.write(`${usage}\n`);
    return { proceed: false, exitCode: 0 };
  }
  if (values.version === true) {
    output.write(`drawbridge ${drawbridgeVersion()}\n`);
    return { proceed: false, exitCode: 0 };
  }
  return { proceed: true, values, positionals: parsed.positionals };
}
