import { type WidgetChunk, WidgetStreamParser } from '@drawbridge/protocol';

export const parseCommandUsage = 'usage: drawbridge parse [--chunk-size N]   (a raw model reply on stdin)';

/** Exit codes: 0 parsed, 1 the input was refused, 2 the arguments were wrong. */
export type ParseCommandResult = { exitCode: 0 } | { exitCode: 1 | 2; error: string };

export type ParseCommandArguments = { success: true; chunkSize?: number } | { success: false; error: string };

export interface ParseCommandOptions {
  input: Uint8Array;
  /** Pieces of this many UTF-16 code units are pushed; the whole text at once when omitted. */
  chunkSize?: number;
  write: (line: string) => void;
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** Reads `--chunk-size N` (or `--chunk-size=N`); anything else is a usage error. */
export function parseParseCommandArguments(args: readonly string[]): ParseCommandArguments {
  let chunkSize: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    let value: string | undefined;
    if (argument === '--chunk-size') {
      index += 1;
      value = args[index];
    } else if (argument.startsWith('--chunk-size=')) {
      value = argument.slice('--chunk-size='.length);
    } else {
      return { success: false, error: `unknown argument ${JSON.stringify(argument)}` };
    }
    if (value === undefined || !/^\d+$/.test(value) || !isPositiveInteger(Number(value))) {
      return {
        success: false,
        error: `--chunk-size must be a positive integer, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
      };
    }
    chunkSize = Number(value);
  }
  return chunkSize === undefined ? { success: true } : { success: true, chunkSize };
}

/** Parses a raw reply from bytes and writes one `{"type","delta"}` JSON line per chunk. */
export function runParseCommand({ input, chunkSize, write }: ParseCommandOptions): ParseCommandResult {
  if (chunkSize !== undefined && !isPositiveInteger(chunkSize)) {
    return { exitCode: 2, error: `--chunk-size must be a positive integer, got ${chunkSize}` };
  }
  const nulOffset = input.indexOf(0);
  if (nulOffset !== -1) {
    return {
      exitCode: 1,
      error: `input looks binary: NUL byte at offset ${nulOffset}; expected a text reply`,
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    // The fatal decoder throws a TypeError without the position; the message below is all it tells us.
    return { exitCode: 1, error: 'input is not valid UTF-8' };
  }
  const parser = new WidgetStreamParser();
  const writeChunks = (chunks: WidgetChunk[]): void => {
    for (const chunk of chunks) write(JSON.stringify({ type: chunk.type, delta: chunk.delta }));
  };
  const step = chunkSize ?? Math.max(text.length, 1);
  for (let start = 0; start < text.length; start += step) {
    writeChunks(parser.push(text.slice(start, start + step)));
  }
  writeChunks(parser.end());
  return { exitCode: 0 };
}
