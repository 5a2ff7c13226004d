import { z } from 'zod';
import { parseRunEvent, type RunEvent } from '../run-events.ts';
import { type DecodedRecords, NdjsonDecoder } from './ndjson-decoder.ts';
import { excerptForError, StreamDecodeError } from './stream-decode-error.ts';

/** A run event with its place in the run log: the `seq` a resuming client passes back as `?after=`. */
export interface SequencedRunEvent {
  /** Absent on events that are not in the log (heartbeats). */
  seq?: number;
  event: RunEvent;
}

/**
 * Reads a run's NDJSON response body and yields each event as soon as its line is complete. (Nothing of
 * ours reads SSE: that framing is for stock AG-UI clients, which bring their own reader.)
 * Every value is validated with `runEventSchema`; an undecodable stream or an invalid event ends the
 * iteration with a {@link StreamDecodeError}, after every good event before it has been yielded.
 * Stopping the iteration early cancels the body, which closes the connection and tells the server.
 */
export async function* decodeEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<RunEvent, void, undefined> {
  for await (const { event } of decodeSequencedEventStream(body)) yield event;
}

/**
 * Like {@link decodeEventStream}, with each line's top-level `seq` (see `encodeNdjsonEvent`) taken off the
 * event and handed beside it, for a client that resumes a run where it left off.
 */
export async function* decodeSequencedEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<SequencedRunEvent, void, undefined> {
  const decoder = new NdjsonDecoder();
  const reader = body.getReader();
  let bodyFullyRead = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* validateRecords(decoder.pushRecords(value));
    }
    bodyFullyRead = true;
    yield* validateRecords(decoder.endRecords());
  } finally {
    if (bodyFullyRead) {
      reader.releaseLock();
    } else {
      // The consumer stopped early or decoding failed, so the rest of the body is unwanted. A rejected
      // cancel only means the stream had already errored, which the consumer has seen through read().
      await reader.cancel().catch(() => undefined);
    }
  }
}

function* validateRecords({ records, error }: DecodedRecords): Generator<SequencedRunEvent> {
  for (const record of records) {
    const { seq, value } = separateSequence(record.value);
    const result = parseRunEvent(value);
    if (!result.success) {
      throw new StreamDecodeError({
        code: 'invalid-event',
        lineNumber: record.lineNumber,
        message: `${describeEvent(record.value)} is not a valid run event:\n${z.prettifyError(result.error)}`,
        cause: result.error,
      });
    }
    yield seq === undefined ? { event: result.event } : { seq, event: result.event };
  }
  if (error !== undefined) throw error;
}

function separateSequence(value: unknown): { seq?: number; value: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('seq' in value)) {
    return { value };
  }
  const { seq, ...event } = value as { seq: unknown };
  return Number.isSafeInteger(seq) ? { seq: seq as number, value: event } : { value };
}

function describeEvent(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `the value ${excerptForError(JSON.stringify(value))}`;
  }
  const { type, name, activityType } = value as { type?: unknown; name?: unknown; activityType?: unknown };
  const typeText = typeof type === 'string' ? type : 'an event without a type';
  // A CUSTOM event is told apart by its name, an activity by its type.
  const kind = typeof name === 'string' ? name : activityType;
  return typeof kind === 'string' ? `${typeText} "${kind}"` : typeText;
}
