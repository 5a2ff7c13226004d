import { defaultMaxRecordLength, StreamDecodeError } from './stream-decode-error.ts';
import { Utf8ChunkDecoder } from './utf8-chunk-decoder.ts';

/** One dispatched SSE message. */
export interface SseMessage {
  /** The `event:` field, or "message" when the message had none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen in the stream so far ("" before any), as EventSource reports it. */
  lastEventId: string;
  /** The 1-based line of the message's first field. */
  lineNumber: number;
}

/** What one push decoded: the complete messages, then the error that stopped it, if any. */
export interface DecodedSseMessages {
  messages: SseMessage[];
  error: StreamDecodeError | undefined;
}

/**
 * Incremental `text/event-stream` reader following the HTML standard's parsing rules: lines end in
 * "\r\n", "\n" or "\r"; `:` lines are comments (keep-alives); `data:` lines accumulate; a blank line
 * dispatches; `retry:` and unknown fields are ignored; one leading BOM is dropped. Chunks may split
 * anywhere, including between "\r" and "\n" and inside a UTF-8 character. Unlike EventSource, `end`
 * also dispatches a last message that lacks its blank line, as `@ag-ui/client` does, so a truncated
 * stream surfaces as a bad final event instead of vanishing.
 */
export class SseDecoder {
  private readonly utf8Decoder = new Utf8ChunkDecoder();
  private readonly maxRecordLength: number;
  // The unfinished last line as pieces, so a long line split into many chunks is never re-flattened.
  private partialLinePieces: string[] = [];
  private partialLineLength = 0;
  // Set when a chunk ended in "\r": a "\n" opening the next chunk completes that same line end.
  private skipLeadingLineFeed = false;
  private completedLines = 0;
  private dataLines: string[] = [];
  private dataLength = 0;
  private eventType = '';
  private lastEventId = '';
  // 0 while no field of the next message has been read.
  private messageLineNumber = 0;

  constructor({ maxRecordLength = defaultMaxRecordLength }: { maxRecordLength?: number } = {}) {
    this.maxRecordLength = maxRecordLength;
  }

  /** Adds a chunk and returns the messages it completed; throws {@link StreamDecodeError}. */
  push(chunk: Uint8Array | string): SseMessage[] {
    return messagesOrThrow(this.pushMessages(chunk));
  }

  /** Ends the stream, dispatching a pending message; throws {@link StreamDecodeError}. */
  end(): SseMessage[] {
    return messagesOrThrow(this.endMessages());
  }

  /** Like {@link push}, with the error as a value instead of a throw. */
  pushMessages(chunk: Uint8Array | string): DecodedSseMessages {
    try {
      return this.takeCompleteLines(this.utf8Decoder.decode(chunk, this.completedLines + 1));
    } catch (error) {
      return { messages: [], error: asStreamDecodeError(error) };
    }
  }

  /** Like {@link end}, with the error as a value instead of a throw. */
  endMessages(): DecodedSseMessages {
    let decoded: DecodedSseMessages;
    try {
      decoded = this.takeCompleteLines(this.utf8Decoder.end(this.completedLines + 1));
    } catch (error) {
      return { messages: [], error: asStreamDecodeError(error) };
    }
    if (decoded.error !== undefined) return decoded;
    if (this.partialLinePieces.length > 0) {
      const error = this.readLine(this.takePartialLine(''), decoded.messages);
      if (error !== undefined) return { messages: decoded.messages, error };
    }
    this.dispatch(decoded.messages);
    return decoded;
  }

  private takeCompleteLines(text: string): DecodedSseMessages {
    const messages: SseMessage[] = [];
    let lineStart = 0;
    if (this.skipLeadingLineFeed && text.length > 0) {
      this.skipLeadingLineFeed = false;
      if (text.startsWith('\n')) lineStart = 1;
    }
    const lineEnd = /\r\n|\r|\n/g;
    lineEnd.lastIndex = lineStart;
    for (let match = lineEnd.exec(text); match !== null; match = lineEnd.exec(text)) {
      if (match[0] === '\r' && match.index === text.length - 1) this.skipLeadingLineFeed = true;
      const error = this.readLine(this.takePartialLine(text.slice(lineStart, match.index)), messages);
      if (error !== undefined) return { messages, error };
      lineStart = match.index + match[0].length;
    }
    if (lineStart < text.length) {
      this.partialLinePieces.push(text.slice(lineStart));
      this.partialLineLength += text.length - lineStart;
      if (this.partialLineLength + this.dataLength > this.maxRecordLength) {
        return { messages, error: this.tooLong(messages) };
      }
    }
    return { messages, error: undefined };
  }

  private takePartialLine(ending: string): string {
    if (this.partialLinePieces.length === 0) return ending;
    this.partialLinePieces.push(ending);
    const line = this.partialLinePieces.join('');
    this.partialLinePieces = [];
    this.partialLineLength = 0;
    return line;
  }

  private readLine(line: string, messages: SseMessage[]): StreamDecodeError | undefined {
    this.completedLines += 1;
    if (line.length === 0) {
      this.dispatch(messages);
      return undefined;
    }
    if (line.startsWith(':')) return undefined;
    const colonIndex = line.indexOf(':');
    const field = colonIndex === -1 ? line : line.slice(0, colonIndex);
    const rawValue = colonIndex === -1 ? '' : line.slice(colonIndex + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    if (this.messageLineNumber === 0) this.messageLineNumber = this.completedLines;
    if (field === 'data') {
      this.dataLines.push(value);
      this.dataLength += value.length + 1;
      if (this.dataLength > this.maxRecordLength) return this.tooLong(messages);
    } else if (field === 'event') {
      this.eventType = value;
    } else if (field === 'id' && !value.includes('\0')) {
      this.lastEventId = value;
    }
    return undefined;
  }

  private dispatch(messages: SseMessage[]): void {
    if (this.dataLines.length > 0) {
      messages.push({
        event: this.eventType === '' ? 'message' : this.eventType,
        data: this.dataLines.join('\n'),
        lastEventId: this.lastEventId,
        lineNumber: this.messageLineNumber,
      });
    }
    this.resetMessage();
  }

  // Too long is final for the buffered text: it and the pending message are discarded.
  private tooLong(messages: SseMessage[]): StreamDecodeError {
    const lineNumber = this.messageLineNumber === 0 ? this.completedLines + 1 : this.messageLineNumber;
    this.partialLinePieces = [];
    this.partialLineLength = 0;
    this.resetMessage();
    return new StreamDecodeError({
      code: 'record-too-long',
      lineNumber,
      message: `the message exceeds ${this.maxRecordLength} characters`,
      valuesBeforeError: messages,
    });
  }

  private resetMessage(): void {
    this.dataLines = [];
    this.dataLength = 0;
    this.eventType = '';
    this.messageLineNumber = 0;
  }
}

function messagesOrThrow({ messages, error }: DecodedSseMessages): SseMessage[] {
  if (error !== undefined) throw error;
  return messages;
}

function asStreamDecodeError(error: unknown): StreamDecodeError {
  if (error instanceof StreamDecodeError) return error;
  throw error;
}
