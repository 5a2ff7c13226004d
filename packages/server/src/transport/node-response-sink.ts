import type { ServerResponse } from 'node:http';
import type { EventStreamSink, SinkClosedReason } from './event-stream-sink.ts';

export interface NodeResponseSinkOptions {
  /** Headers already written: the sink only writes the body. */
  outgoing: ServerResponse;
  /** Bytes the response may hold for a client that does not read before it is dropped. */
  maxBufferedBytes: number;
  /** How long a full socket buffer may stay full before the client is dropped. */
  writeTimeoutMs: number;
}

export interface NodeResponseSink extends EventStreamSink {
  /** Sends the headers by themselves, unless a write or the end has already carried them. */
  flushHeadersIfUnwritten(): void;
}

/**
 * Writes straight to Node's `ServerResponse`, with no web stream between the run and the socket: a string
 * per coalesced batch, so one tick's events leave in one chunk. A client that stops reading is dropped
 * (the socket destroyed) once what it has not taken passes `maxBufferedBytes` or its buffer stays full for
 * `writeTimeoutMs`.
 */
export function createNodeResponseSink({
  outgoing,
  maxBufferedBytes,
  writeTimeoutMs,
}: NodeResponseSinkOptions): NodeResponseSink {
  let closedListener: ((reason: SinkClosedReason) => void) | undefined;
  let ended = false;
  let written = false;
  let closedReason: SinkClosedReason | undefined;
  let writeTimeout: NodeJS.Timeout | undefined;
  const drop = (reason: SinkClosedReason) => {
    closedReason ??= reason;
    outgoing.destroy();
  };
  const onDrain = () => {
    clearTimeout(writeTimeout);
    writeTimeout = undefined;
  };
  outgoing.on('drain', onDrain);
  outgoing.once('close', () => {
    clearTimeout(writeTimeout);
    outgoing.off('drain', onDrain);
    if (!ended || !outgoing.writableFinished) closedListener?.(closedReason ?? 'client_went_away');
  });
  return {
    write(text) {
      if (ended || outgoing.destroyed) return;
      // Judged on what the client left unread before this write, never on the size of the write itself: a first
      // batch bigger than the cap (a model that produced a lot in one turn) dropped there would close the socket
      // before the headers left, and a browser answers a reused connection closed with no response by sending
      // the request again, starting the same turn twice.
      if (outgoing.writableLength > maxBufferedBytes) {
        drop('client_too_slow');
        return;
      }
      written = true;
      const fits = outgoing.write(text);
      // Armed once per stretch of full buffer and not re-armed by later writes: it measures how long the
      // client has not been reading, which more events must not excuse.
      if (!fits && writeTimeout === undefined) {
        writeTimeout = setTimeout(() => drop('client_too_slow'), writeTimeoutMs);
      }
    },
    end() {
      if (ended) return;
      ended = true;
      if (!outgoing.destroyed) outgoing.end();
    },
    onClosed(listener) {
      closedListener = listener;
    },
    flushHeadersIfUnwritten() {
      if (!written && !ended && !outgoing.destroyed) outgoing.flushHeaders();
    },
  };
}
