import { StreamDecodeError } from './stream-decode-error.ts';
import { Utf8ChunkDecoder } from './utf8-chunk-decoder.ts';

/** One complete line, without its line end, and its 1-based number in the stream. */
export interface NumberedLine {
  text: string;
  lineNumber: number;
}

/**
 * Cuts a stream of byte or string chunks, split anywhere (even inside a UTF-8 character or between
 * "\r" and "\n"), into numbered lines. A line ends at "\n"; a "\r" just before it belongs to the line end. The caller pulls lines with {@link nextLine} and may stop early:
 * text it has not pulled yet stays queued for the next call. Work is linear in the text pushed.
 */
export class LineSplitter {
  private readonly utf8Decoder = new Utf8ChunkDecoder();
  private readonly lineEndPattern = /\n/g;
  // The unfinished last line, kept as pieces: searching a growing concatenation would flatten it on
  // every push and make a long line split into many chunks quadratic.
  private unfinishedLinePieces: string[] = [];
  private unfinishedLineLengthSoFar = 0;
  // Pushed text not yet searched for line ends; it starts at `searchFrom`.
  private unsearchedText = '';
  private searchFrom = 0;
  private completedLines = 0;

  /** The 1-based number of the line the unsearched or unfinished text belongs to. */
  get nextLineNumber(): number {
    return this.completedLines + 1;
  }

  /** Characters held for the unfinished last line, its trailing "\r" included. */
  get unfinishedLineLength(): number {
    return this.unfinishedLineLengthSoFar;
  }

  /** Decodes a chunk and queues its text; returns the invalid-UTF-8 error instead of throwing it. */
  push(chunk: Uint8Array | string): StreamDecodeError | undefined {
    try {
      this.queue(this.utf8Decoder.decode(chunk, this.nextLineNumber));
      return undefined;
    } catch (error) {
      return asStreamDecodeError(error);
    }
  }

  /** Flushes the UTF-8 decoder; returns an error if the stream ended inside a multi-byte character. */
  end(): StreamDecodeError | undefined {
    try {
      this.queue(this.utf8Decoder.end(this.nextLineNumber));
      return undefined;
    } catch (error) {
      return asStreamDecodeError(error);
    }
  }

  /** The next complete line, or undefined once the queued text holds no more line ends. */
  nextLine(): NumberedLine | undefined {
    this.lineEndPattern.lastIndex = this.searchFrom;
    const match = this.lineEndPattern.exec(this.unsearchedText);
    if (match === null) {
      this.keepUnfinished(this.unsearchedText.slice(this.searchFrom));
      this.unsearchedText = '';
      this.searchFrom = 0;
      return undefined;
    }
    const line = this.takeUnfinished(this.unsearchedText.slice(this.searchFrom, match.index));
    this.searchFrom = match.index + 1;
    return this.complete(line);
  }

  /** At the end of the stream, after {@link nextLine} ran dry: the last line, which had no line end. */
  takeUnfinishedLine(): NumberedLine | undefined {
    if (this.unfinishedLinePieces.length === 0) return undefined;
    return this.complete(this.takeUnfinished(''));
  }

  /** Drops the unfinished line and any queued text, as after a record too long to keep. */
  discardBufferedText(): void {
    this.unfinishedLinePieces = [];
    this.unfinishedLineLengthSoFar = 0;
    this.unsearchedText = '';
    this.searchFrom = 0;
  }

  private queue(text: string): void {
    if (text.length === 0) return;
    this.unsearchedText = this.unsearchedText.slice(this.searchFrom) + text;
    this.searchFrom = 0;
  }

  private keepUnfinished(piece: string): void {
    if (piece.length === 0) return;
    this.unfinishedLinePieces.push(piece);
    this.unfinishedLineLengthSoFar += piece.length;
  }

  private takeUnfinished(ending: string): string {
    if (this.unfinishedLinePieces.length === 0) return ending;
    this.unfinishedLinePieces.push(ending);
    const line = this.unfinishedLinePieces.join('');
    this.unfinishedLinePieces = [];
    this.unfinishedLineLengthSoFar = 0;
    return line;
  }

  private complete(line: string): NumberedLine {
    this.completedLines += 1;
    return { text: line.endsWith('\r') ? line.slice(0, -1) : line, lineNumber: this.completedLines };
  }
}

function asStreamDecodeError(error: unknown): StreamDecodeError {
  if (StreamDecodeError.isInstance(error)) return error;
  throw error;
}
