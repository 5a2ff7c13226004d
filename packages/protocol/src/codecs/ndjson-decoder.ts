import { LineSplitter, type NumberedLine } from './line-splitter.ts';
import { defaultMaxRecordLength, excerptForError, StreamDecodeError } from './stream-decode-error.ts';

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
  private readonly lineSplitter = new LineSplitter();
  private readonly maxRecordLength: number;

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
    const decodeError = this.lineSplitter.push(chunk);
    if (decodeError !== undefined) return { records: [], error: decodeError };
    return this.takeCompleteLines();
  }

  /** Like {@link end}, with line numbers, and the error as a value instead of a throw. */
  endRecords(): DecodedRecords {
    const decodeError = this.lineSplitter.end();
    if (decodeError !== undefined) return { records: [], error: decodeError };
    const decoded = this.takeCompleteLines();
    if (decoded.error !== undefined) return decoded;
    const lastLine = this.lineSplitter.takeUnfinishedLine();
    if (lastLine === undefined) return decoded;
    return { records: decoded.records, error: this.readLine(lastLine, decoded.records) };
  }

  private takeCompleteLines(): DecodedRecords {
    const records: DecodedRecord[] = [];
    for (let line = this.lineSplitter.nextLine(); line !== undefined; line = this.lineSplitter.nextLine()) {
      const error = this.readLine(line, records);
      // The bad line is dropped, but the splitter keeps what follows it, so decoding can resume with the next push.
      if (error !== undefined) return { records, error };
    }
    if (this.lineSplitter.unfinishedLineLength <= this.maxRecordLength) return { records, error: undefined };
    const lineNumber = this.lineSplitter.nextLineNumber;
    this.lineSplitter.discardBufferedText();
    const error = new StreamDecodeError({
      code: 'record-too-long',
      lineNumber,
      message: `the line exceeds ${this.maxRecordLength} characters without a newline`,
      valuesBeforeError: records.map((record) => record.value),
    });
    return { records, error };
  }

  private readLine(
    { text, lineNumber }: NumberedLine,
    records: DecodedRecord[],
  ): StreamDecodeError | undefined {
    if (text.trim().length === 0) return undefined;
    try {
      records.push({ value: JSON.parse(text), lineNumber });
      return undefined;
    } catch (cause) {
      return new StreamDecodeError({
        code: 'invalid-json',
        lineNumber,
        message: `not a JSON value: ${excerptForError(text)}`,
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
