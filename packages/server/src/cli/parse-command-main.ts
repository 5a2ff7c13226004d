import { parseCommandUsage, parseParseCommandArguments, runParseCommand } from './parse-command.ts';

async function readAllStdin(): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for await (const piece of process.stdin) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** `drawbridge parse [--chunk-size N]`: a raw model reply on stdin, NDJSON chunks on stdout. */
export async function parseCommandMain(args: string[]): Promise<number> {
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
