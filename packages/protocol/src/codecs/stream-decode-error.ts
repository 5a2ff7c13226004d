import { DrawbridgeError } from '../drawbridge-error.ts';

export type StreamDecodeErrorCode = 'invalid-utf8' | 'invalid-json' | 'record-too-long' | 'invalid-event';

/**
 * A run stream that cannot be decoded. `lineNumber` is 1-based in the decoded text; `valuesBeforeError`
 * holds what the same push decoded before the bad record, so a caller that stops here loses nothing good.
 */
export class StreamDecodeError extends DrawbridgeError<StreamDecodeErrorCode> {
  static override readonly errorName = 'StreamDecodeError';
  readonly lineNumber: number;
  readonly valuesBeforeError: readonly unknown[];

  constructor({
    code,
    lineNumber,
    message,
    valuesBeforeError = [],
    cause,
  }: {
    code: StreamDecodeErrorCode;
    lineNumber: number;
    message: string;
    valuesBeforeError?: readonly unknown[];
    cause?: unknown;
  }) {
    super({ code, message: `Line ${lineNumber}: ${message}`, cause });
    this.lineNumber = lineNumber;
    this.valuesBeforeError = valuesBeforeError;
  }
}

/** Longest line (NDJSON) or message (SSE) a decoder buffers before giving up: a bound on memory, not a format rule. */
export const defaultMaxRecordLength = 16 * 1024 * 1024;

/** A short, quoted excerpt of a bad record for an error message. */
export function excerptForError(text: string): string {
  const excerptLength = 80;
  return JSON.stringify(text.length > excerptLength ? `${text.slice(0, excerptLength)}…` : text);
}
