import type { EventStreamSink, SinkClosedReason } from './event-stream-sink.ts';

export interface WebStreamBodyOptions {
  /** Starts writing into the sink; called once, when the body is first read, so an unread body costs nothing. */
  start(sink: EventStreamSink): void;
  /** Bytes queued for a reader that does not read, beyond which the stream errors. */
  maxBufferedBytes: number;
}

/**
 * A response body as a web `ReadableStream`: the fallback for runtimes where we cannot write to the socket
 * ourselves. Each coalesced batch is one chunk; a reader that falls `maxBufferedBytes` behind is cut off
 * with an error instead of the queue growing without bound.
 */
export function createWebStreamBody({
  start,
  maxBufferedBytes,
}: WebStreamBodyOptions): ReadableStream<Uint8Array> {
  const textEncoder = new TextEncoder();
  let closedListener: ((reason: SinkClosedReason) => void) | undefined;
  let finished = false;
  const finish = (reason: SinkClosedReason) => {
    if (finished) return;
    finished = true;
    closedListener?.(reason);
  };
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (started) return;
        started = true;
        start({
          write(text) {
            if (finished) return;
            // What the reader left unread decides, not the size of this batch (as on Node: node-response-sink.ts).
            if ((controller.desiredSize ?? 0) < -maxBufferedBytes) {
              controller.error(new Error('The reader fell too far behind the run.'));
              finish('client_too_slow');
              return;
            }
            controller.enqueue(textEncoder.encode(text));
          },
          end() {
            if (finished) return;
            finished = true;
            controller.close();
          },
          onClosed(listener) {
            closedListener = listener;
          },
        });
      },
      cancel() {
        finish('client_went_away');
      },
    },
    // Counting bytes, not chunks, is what makes the cap a cap on memory; 0 means "pull only when read".
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
}
