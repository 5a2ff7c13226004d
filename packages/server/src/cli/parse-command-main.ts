import { parseCommandUsage, parseParseCommandArguments, runParseCommand } from './parse-command.ts';
import { readCommandArguments } from './read-command-arguments.ts';

async function readAllStdin(): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for await (const piece of process.stdin) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** `drawbridge parse [--chunk-size N]`: a raw model reply on stdin, NDJSON chunks on stdout. */
export async function parseCommandMain(args: string[]): Promise<number> {
  // Help and version first, before anything waits on stdin; the chunk size is checked below.
  const options = readCommandArguments({
    args,
    command: 'parse',
    usage: `${parseCommandUsage}\n\noptions:\n  --chunk-size N   code points per chunk\n  -h, --help       print this help\n  -v, --version    print the version`,
    options: { 'chunk-size': { type: 'string' } },
    output: process.stdout,
    errorOutput: process.stderr,
  });
  if (!options.proceed) return options.exitCode;
  const parsedArguments = parseParseCommandArguments(args);
  if (!parsedArguments.success) {
    console.error(`drawbridge parse: ${parsedArguments.error}\n${parseCommandUsage}`);
    return 2;
  }
  const input = await readAllStdin();
  const lines: string[] = [];
  const result = runParseCommand({
    input,
    chunkSize: parsedArguments.chunkSize,
    write: (line) => lines.push(line),
  });
  if (result.exitCode !== 0) {
    console.error(`drawbridge parse: ${result.error}`);
    return result.exitCode;
  }
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
