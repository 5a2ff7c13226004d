import { StreamDecodeError } from './stream-decode-error.ts';

const byteOrderMark = '\uFEFF';

/**
 * Turns a stream of byte or string chunks into text, holding back a multi-byte character split across
 * chunks. Invalid UTF-8 is an error, not U+FFFD: a corrupted event must not reach the transcript as
 * plausible text. One leading byte-order mark is dropped, as both NDJSON readers and SSE require.
 */
export class Utf8ChunkDecoder {
  // ignoreBOM keeps the mark in the text so it is stripped exactly once for the whole stream,
  // even when string and byte chunks are mixed (a flush would otherwise re-arm the decoder's own stripping).
  private readonly textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private startOfStream = true;
  private failure: StreamDecodeError | undefined;

  /** Decodes one chunk; `lineNumber` is the line the chunk starts on, for the error message. */
  decode(chunk: Uint8Array | string, lineNumber: number): string {
    if (typeof chunk === 'string') {
      // Bytes still held back belong to a character the string chunk interrupts, so they are invalid.
      const heldBack = this.decodeOrFail(undefined, lineNumber, false);
      return this.stripLeadingMark(heldBack + chunk);
    }
    return this.stripLeadingMark(this.decodeOrFail(chunk, lineNumber, true));
  }

  /** Flushes the decoder; fails if the stream ended inside a multi-byte character. */
  end(lineNumber: number): string {
    return this.stripLeadingMark(this.decodeOrFail(undefined, lineNumber, false));
  }

  private decodeOrFail(bytes: Uint8Array | undefined, lineNumber: number, stream: boolean): string {
    if (this.failure !== undefined) throw this.failure;
    try {
      return this.textDecoder.decode(bytes, { stream });
    } catch (cause) {
      this.failure = new StreamDecodeError({
        code: 'invalid-utf8',
        lineNumber,
        message: stream
          ? 'the stream is not valid UTF-8'
          : 'the stream is not valid UTF-8 (it ends inside a multi-byte character)',
        cause,
      });
      throw this.failure;
    }
  }

  private stripLeadingMark(text: string): string {
    if (!this.startOfStream || text.length === 0) return text;
    this.startOfStream = false;
    return text.startsWith(byteOrderMark) ? text.slice(byteOrderMark.length) : text;
  }
}
