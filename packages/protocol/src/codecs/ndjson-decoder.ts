import { defaultMaxRecordLength, excerptForError, StreamDecodeError } from './stream-decode-error.ts';
import { Utf8ChunkDecoder } from './utf8-chunk-decoder.ts';

/** A decoded JSON value and the 1-based line it came from. */
export interface DecodedRecord {
  value: unknown;
  lineNumber: number;
}

/** What one push decoded: the good records, then the error that stopped it, if any. */
export interface DecodedRecords {
  records: DecodedRecord[];
  error: StreamDecodeError | undefined;
}

/**
 * Incremental NDJSON reader: push chunks split anywhere (even inside a UTF-8 character), get back the
 * JSON value of every line completed so far. Lines end in "\n" or "\r\n"; blank lines are skipped; the
 * last line needs no newline. `push`/`end` throw {@link StreamDecodeError} for a bad line; the bad line
 * is dropped, so a caller that prefers to skip it can keep pushing. Invalid UTF-8 is final.
 * Work is linear in the text pushed, however a line is split.
 */
export class NdjsonDecoder {
  private readonly utf8Decoder = new Utf8ChunkDecoder();
  private readonly maxRecordLength: number;
  // The unfinished last line, kept as pieces: searching a growing concatenation would flatten it on
  // every push and make a long line split into many chunks quadratic.
  private partialLinePieces: string[] = [];
  private partialLineLength = 0;
  // Text after a bad line that has not been searched for newlines yet.
  private unsearchedText = '';
  private completedLines = 0;

  constructor({ maxRecordLength = defaultMaxRecordLength }: { maxRecordLength?: number } = {}) {
    this.maxRecordLength = maxRecordLength;
  }

  /** Adds a chunk and returns the values of the lines it completed. */
  push(chunk: Uint8Array | string): unknown[] {
    return valuesOrThrow(this.pushRecords(chunk));
  }

  /** Ends the stream and returns the value of a last line that had no newline. */
  end(): unknown[] {
    return valuesOrThrow(this.endRecords());
  }

  /** Like {@link push}, with line numbers, and the error as a value instead of a throw. */
  pushRecords(chunk: Uint8Array | string): DecodedRecords {
    let text: string;
    try {
      text = this.unsearchedText + this.utf8Decoder.decode(chunk, this.completedLines + 1);
    } catch (error) {
      return { records: [], error: asStreamDecodeError(error) };
    }
    this.unsearchedText = '';
    return this.takeCompleteLines(text);
  }

  /** Like {@link end}, with line numbers, and the error as a value instead of a throw. */
  endRecords(): DecodedRecords {
    let text: string;
    try {
      text = this.unsearchedText + this.utf8Decoder.end(this.completedLines + 1);
    } catch (error) {
      return { records: [], error: asStreamDecodeError(error) };
    }
    this.unsearchedText = '';
    const decoded = this.takeCompleteLines(text);
    if (decoded.error !== undefined || this.partialLinePieces.length === 0) return decoded;
    const lastLine = this.takePartialLine('');
    this.completedLines += 1;
    return { records: decoded.records, error: this.readLine(lastLine, decoded.records) };
  }

  private takeCompleteLines(text: string): DecodedRecords {
    const records: DecodedRecord[] = [];
    let lineStart = 0;
    let newlineIndex = text.indexOf('\n');
    while (newlineIndex !== -1) {
      const line = this.takePartialLine(text.slice(lineStart, newlineIndex));
      lineStart = newlineIndex + 1;
      this.completedLines += 1;
      const error = this.readLine(line, records);
      if (error !== undefined) {
        // Drop the bad line but keep what follows it, so decoding can resume with the next push.
        this.unsearchedText = text.slice(lineStart);
        return { records, error };
      }
      newlineIndex = text.indexOf('\n', lineStart);
    }
    if (lineStart < text.length) {
      this.partialLinePieces.push(text.slice(lineStart));
      this.partialLineLength += text.length - lineStart;
    }
    if (this.partialLineLength <= this.maxRecordLength) return { records, error: undefined };
    this.takePartialLine('');
    const error = new StreamDecodeError({
      code: 'record-too-long',
      lineNumber: this.completedLines + 1,
      message: `the line exceeds ${this.maxRecordLength} characters without a newline`,
      valuesBeforeError: records.map((record) => record.value),
    });
    return { records, error };
  }

  private takePartialLine(ending: string): string {
    if (this.partialLinePieces.length === 0) return ending;
    this.partialLinePieces.push(ending);
    const line = this.partialLinePieces.join('');
    this.partialLinePieces = [];
    this.partialLineLength = 0;
    return line;
  }

  private readLine(rawLine: string, records: DecodedRecord[]): StreamDecodeError | undefined {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim().length === 0) return undefined;
    try {
      records.push({ value: JSON.parse(line), lineNumber: this.completedLines });
      return undefined;
    } catch (cause) {
      return new StreamDecodeError({
        code: 'invalid-json',
        lineNumber: this.completedLines,
        message: `not a JSON value: ${excerptForError(line)}`,
        valuesBeforeError: records.map((record) => record.value),
        cause,
      });
    }
  }
}

function valuesOrThrow({ records, error }: DecodedRecords): unknown[] {
  if (error !== undefined) throw error;
  return records.map((record) => record.value);
}

function asStreamDecodeError(error: unknown): StreamDecodeError {
  if (error instanceof StreamDecodeError) return error;
  throw error;
}
