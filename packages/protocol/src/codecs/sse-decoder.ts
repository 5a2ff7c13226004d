import { LineSplitter, type NumberedLine } from './line-splitter.ts';
import { defaultMaxRecordLength, StreamDecodeError } from './stream-decode-error.ts';

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
  private readonly lineSplitter = new LineSplitter({ lineEnds: 'lf-cr-or-crlf' });
  private readonly maxRecordLength: number;
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
    const decodeError = this.lineSplitter.push(chunk);
    if (decodeError !== undefined) return { messages: [], error: decodeError };
    return this.takeCompleteLines();
  }

  /** Like {@link end}, with the error as a value instead of a throw. */
  endMessages(): DecodedSseMessages {
    const decodeError = this.lineSplitter.end();
    if (decodeError !== undefined) return { messages: [], error: decodeError };
    const decoded = this.takeCompleteLines();
    if (decoded.error !== undefined) return decoded;
    const lastLine = this.lineSplitter.takeUnfinishedLine();
    if (lastLine !== undefined) {
      const error = this.readLine(lastLine, decoded.messages);
      if (error !== undefined) return { messages: decoded.messages, error };
    }
    this.dispatch(decoded.messages);
    return decoded;
  }

  private takeCompleteLines(): DecodedSseMessages {
    const messages: SseMessage[] = [];
    for (let line = this.lineSplitter.nextLine(); line !== undefined; line = this.lineSplitter.nextLine()) {
      const error = this.readLine(line, messages);
      if (error !== undefined) return { messages, error };
    }
    const unfinishedLineLength = this.lineSplitter.unfinishedLineLength;
    if (unfinishedLineLength > 0 && unfinishedLineLength + this.dataLength > this.maxRecordLength) {
      return { messages, error: this.tooLong(messages) };
    }
    return { messages, error: undefined };
  }

  private readLine(
    { text: line, lineNumber }: NumberedLine,
    messages: SseMessage[],
  ): StreamDecodeError | undefined {
    if (line.length === 0) {
      this.dispatch(messages);
      return undefined;
    }
    if (line.startsWith(':')) return undefined;
    const colonIndex = line.indexOf(':');
    const field = colonIndex === -1 ? line : line.slice(0, colonIndex);
    const rawValue = colonIndex === -1 ? '' : line.slice(colonIndex + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    if (this.messageLineNumber === 0) this.messageLineNumber = lineNumber;
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

  // Too long is final for the buffered text: it, the rest of the chunk and the pending message are discarded.
  private tooLong(messages: SseMessage[]): StreamDecodeError {
    const lineNumber =
      this.messageLineNumber === 0 ? this.lineSplitter.nextLineNumber : this.messageLineNumber;
    this.lineSplitter.discardBufferedText();
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
