import { parseArgs } from 'node:util';
import { type WidgetChunk, WidgetStreamParser } from '@drawbridge/protocol';

export const parseCommandUsage = 'usage: drawbridge parse [--chunk-size N]   (a raw model reply on stdin)';

/** Exit codes: 0 parsed, 1 the input was refused, 2 the arguments were wrong. */
export type ParseCommandResult = { exitCode: 0 } | { exitCode: 1 | 2; error: string };

export type ParseCommandArguments = { success: true; chunkSize?: number } | { success: false; error: string };

export interface ParseCommandOptions {
  input: Uint8Array;
  /** Pieces of this many code points are pushed; the whole text at once when omitted. */
  chunkSize?: number;
  write: (line: string) => void;
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** Reads `--chunk-size N` (or `--chunk-size=N`); anything else is a usage error. */
export function parseParseCommandArguments(args: readonly string[]): ParseCommandArguments {
  let chunkSizeText: string | undefined;
  try {
    chunkSizeText = parseArgs({
      args: [...args],
      options: { 'chunk-size': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values['chunk-size'];
  } catch (error) {
    // parseArgs throws a TypeError with a code for unknown options, stray arguments and missing values.
    return { success: false, error: usageErrorOf(error) };
  }
  if (chunkSizeText === undefined) return { success: true };
  if (!/^\d+$/.test(chunkSizeText) || !isPositiveInteger(Number(chunkSizeText))) {
    return {
      success: false,
      error: `--chunk-size must be a positive integer, got ${JSON.stringify(chunkSizeText)}`,
    };
  }
  return { success: true, chunkSize: Number(chunkSizeText) };
}

function usageErrorOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  // The only option takes a value, so an invalid option value is always a missing or dash-led chunk size.
  return code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
    ? `--chunk-size must be a positive integer (${message})`
    : message;
}

/** The text cut into pieces of `size` code points, so no piece ends inside a surrogate pair. */
function* piecesOfCodePoints(text: string, size: number): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = start;
    for (let count = 0; count < size && end < text.length; count += 1) {
      end += text.codePointAt(end)! > 0xffff ? 2 : 1;
    }
    yield text.slice(start, end);
    start = end;
  }
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
  if (chunkSize === undefined) writeChunks(parser.push(text));
  else for (const piece of piecesOfCodePoints(text, chunkSize)) writeChunks(parser.push(piece));
  writeChunks(parser.end());
  return { exitCode: 0 };
}
