/** Why a connection stopped taking events before the run ended. */
export type SinkClosedReason = 'client_went_away' | 'client_too_slow';

/**
 * One response that encoded run events are written to: a Node `ServerResponse` when the server runs on
 * `@hono/node-server`, a web `ReadableStream` anywhere else (`app.request()` in tests, other runtimes).
 */
export interface EventStreamSink {
  /** Takes already-encoded text; each call is one coalesced batch of events, written at once. */
  write(text: string): void;
  /** Ends the response after everything written so far. */
  end(): void;
  /** Calls `listener` once if the connection closes before `end`, with the reason. */
  onClosed(listener: (reason: SinkClosedReason) => void): void;
}

/** How far a connection may fall behind before it is dropped. */
export interface EventStreamLimits {
  /** Bytes buffered for one connection (beyond the kernel's socket buffers); default 1 MiB. */
  maxBufferedBytes: number;
  /** How long one connection's buffer may stay full; default 30 s. */
  writeTimeoutMs: number;
}

export const defaultEventStreamLimits: EventStreamLimits = {
  maxBufferedBytes: 1024 * 1024,
  writeTimeoutMs: 30_000,
};
