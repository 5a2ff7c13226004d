import { parseRunEvent, type RunEvent } from '../run-events.ts';
import { type DecodedRecord, type DecodedRecords, NdjsonDecoder } from './ndjson-decoder.ts';
import { type DecodedSseMessages, SseDecoder } from './sse-decoder.ts';
import { excerptForError, StreamDecodeError } from './stream-decode-error.ts';

export type StreamFormat = 'ndjson' | 'sse';

interface RecordDecoder {
  push(chunk: Uint8Array): DecodedRecords;
  end(): DecodedRecords;
}

/**
 * Reads a run's response body and yields each event as soon as its line (or SSE message) is complete.
 * Every value is validated with `runEventSchema`; an undecodable stream or an invalid event ends the
 * iteration with a {@link StreamDecodeError}, after every good event before it has been yielded.
 * Stopping the iteration early cancels the body, which closes the connection and tells the server.
 */
export async function* decodeEventStream(
  body: ReadableStream<Uint8Array>,
  format: StreamFormat,
): AsyncGenerator<RunEvent, void, undefined> {
  const decoder = format === 'ndjson' ? createNdjsonRecordDecoder() : createSseRecordDecoder();
  const reader = body.getReader();
  let bodyFullyRead = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* validateRecords(decoder.push(value));
    }
    bodyFullyRead = true;
    yield* validateRecords(decoder.end());
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

function* validateRecords({ records, error }: DecodedRecords): Generator<RunEvent> {
  for (const record of records) {
    const result = parseRunEvent(record.value);
    if (!result.success) {
      const issues = result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
      );
      throw new StreamDecodeError({
        code: 'invalid-event',
        lineNumber: record.lineNumber,
        message: `${describeEvent(record.value)} is not a valid run event (${issues.join('; ')})`,
        cause: result.error,
      });
    }
    yield result.event;
  }
  if (error !== undefined) throw error;
}

function describeEvent(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `the value ${excerptForError(JSON.stringify(value))}`;
  }
  const { type, name } = value as { type?: unknown; name?: unknown };
  const typeText = typeof type === 'string' ? type : 'an event without a type';
  return typeof name === 'string' ? `${typeText} "${name}"` : typeText;
}

function createNdjsonRecordDecoder(): RecordDecoder {
  const decoder = new NdjsonDecoder();
  return { push: (chunk) => decoder.pushRecords(chunk), end: () => decoder.endRecords() };
}

function createSseRecordDecoder(): RecordDecoder {
  const decoder = new SseDecoder();
  return {
    push: (chunk) => parseSseData(decoder.pushMessages(chunk)),
    end: () => parseSseData(decoder.endMessages()),
  };
}

function parseSseData({ messages, error }: DecodedSseMessages): DecodedRecords {
  const records: DecodedRecord[] = [];
  for (const message of messages) {
    try {
      records.push({ value: JSON.parse(message.data), lineNumber: message.lineNumber });
    } catch (cause) {
      const jsonError = new StreamDecodeError({
        code: 'invalid-json',
        lineNumber: message.lineNumber,
        message: `the SSE data is not JSON: ${excerptForError(message.data)}`,
        valuesBeforeError: records.map((record) => record.value),
        cause,
      });
      return { records, error: jsonError };
    }
  }
  return { records, error: error === undefined ? undefined : withParsedValues(error, records) };
}

// A decoder error carries the SseMessages before it; the caller of decodeEventStream wants JSON values.
function withParsedValues(error: StreamDecodeError, records: DecodedRecord[]): StreamDecodeError {
  return new StreamDecodeError({
    code: error.code,
    lineNumber: error.lineNumber,
    message: error.message.replace(/^Line \d+: /, ''),
    valuesBeforeError: records.map((record) => record.value),
    cause: error.cause,
  });
}
