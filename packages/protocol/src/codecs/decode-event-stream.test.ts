import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RunEvent, runEvents, widgetPartTypes } from '../run-events.ts';
import { sampleRunEvents } from '../testing/sample-run-events.ts';
import { splitAt } from '../testing/split-at.ts';
import {
  decodeEventStream,
  decodeSequencedEventStream,
  type SequencedRunEvent,
} from './decode-event-stream.ts';
import { encodeNdjsonEvent } from './ndjson-encoder.ts';
import { StreamDecodeError } from './stream-decode-error.ts';

const encoder = new TextEncoder();

/** A body that hands out one chunk per read and records whether the reader cancelled it. */
function bodyOf(chunks: readonly Uint8Array[]): {
  body: ReadableStream<Uint8Array>;
  wasCancelled: () => boolean;
} {
  let nextChunk = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[nextChunk];
      nextChunk += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, wasCancelled: () => cancelled };
}

async function collect(body: ReadableStream<Uint8Array>): Promise<{ events: RunEvent[]; error: unknown }> {
  const events: RunEvent[] = [];
  try {
    for await (const event of decodeEventStream(body)) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

const textArbitrary = fc.string({ unit: 'binary', maxLength: 40 });
const idArbitrary = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const runEventArbitrary: fc.Arbitrary<RunEvent> = fc.oneof(
  fc.record({ threadId: idArbitrary, runId: idArbitrary }).map(runEvents.runStarted),
  fc.record({ model: textArbitrary, demo: fc.boolean(), runId: idArbitrary }).map(runEvents.runInfo),
  idArbitrary.map((messageId) => runEvents.textStart({ messageId })),
  fc.record({ messageId: idArbitrary, delta: textArbitrary }).map(runEvents.textContent),
  fc
    .record({
      messageId: idArbitrary,
      widgetId: idArbitrary,
      part: fc.constantFrom(...widgetPartTypes),
      delta: textArbitrary,
    })
    .map(runEvents.widgetPart),
  fc.integer({ min: 0, max: 2 ** 52 }).map(runEvents.heartbeat),
  fc.record({ toolCallId: idArbitrary, toolCallName: idArbitrary }).map(runEvents.toolCallStart),
  fc.record({ toolCallId: idArbitrary, delta: textArbitrary }).map(runEvents.toolCallArgs),
  fc
    .record({ messageId: idArbitrary, toolCallId: idArbitrary, content: textArbitrary })
    .map(runEvents.toolCallResult),
  fc
    .record({ message: textArbitrary, code: fc.option(idArbitrary, { nil: undefined }) })
    .map(runEvents.runError),
);

describe('decodeEventStream', () => {
  it('yields the validated events of a chunked body', async () => {
    const bytes = encoder.encode(sampleRunEvents.map((event) => encodeNdjsonEvent(event)).join(''));
    const chunks = splitAt({ whole: bytes, cuts: [1, 2, 50, 51, 300, 301, 302, 900] });
    expect(await collect(bodyOf(chunks).body)).toEqual({ events: sampleRunEvents, error: undefined });
  });

  it('round-trips arbitrary events split arbitrarily', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(runEventArbitrary, { maxLength: 12 }),
        fc.array(fc.nat()),
        async (events, cutSeeds) => {
          const bytes = encoder.encode(events.map((event) => encodeNdjsonEvent(event)).join(''));
          const cuts = cutSeeds.map((seed) => seed % (bytes.length + 1));
          const decoded = await collect(bodyOf(splitAt({ whole: bytes, cuts })).body);
          expect(decoded).toEqual({ events, error: undefined });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('yields the events before an invalid one, then names the bad event and its line', async () => {
    const badWidget = {
      type: 'ACTIVITY_DELTA',
      messageId: 'w',
      activityType: 'drawbridge.widget',
      patch: [{ op: 'add', path: '/parts/-', value: { delta: '<p>' } }],
    };
    const lines = [
      encodeNdjsonEvent(sampleRunEvents[0]!),
      `${JSON.stringify(badWidget)}\n`,
      ...sampleRunEvents.slice(1).map((event) => encodeNdjsonEvent(event)),
    ];
    // One chunk per event, so the body is still open (and cancellable) when the bad event is read.
    const { body, wasCancelled } = bodyOf(lines.map((line) => encoder.encode(line)));
    const { events, error } = await collect(body);
    expect(events).toEqual([sampleRunEvents[0]]);
    expect(error).toBeInstanceOf(StreamDecodeError);
    const decodeError = error as StreamDecodeError;
    expect(decodeError.code).toBe('invalid-event');
    expect(decodeError.lineNumber).toBe(2);
    expect(decodeError.message).toContain('ACTIVITY_DELTA "drawbridge.widget" is not a valid run event');
    expect(decodeError.message).toContain('→ at patch[0].value.part');
    expect(wasCancelled()).toBe(true);
  });

  it('yields the good events of a chunk before reporting invalid UTF-8 in a later chunk', async () => {
    const good = encoder.encode(
      sampleRunEvents
        .slice(0, 3)
        .map((event) => encodeNdjsonEvent(event))
        .join(''),
    );
    const { events, error } = await collect(bodyOf([good, Uint8Array.of(0xff, 0x0a)]).body);
    expect(events).toEqual(sampleRunEvents.slice(0, 3));
    expect((error as StreamDecodeError).code).toBe('invalid-utf8');
  });

  it('cancels the body when the consumer stops early', async () => {
    const chunks = sampleRunEvents.map((event) => encoder.encode(encodeNdjsonEvent(event)));
    const { body, wasCancelled } = bodyOf(chunks);
    for await (const event of decodeEventStream(body)) {
      expect(event).toEqual(sampleRunEvents[0]);
      break;
    }
    expect(wasCancelled()).toBe(true);
  });

  it('reports an NDJSON line that is not JSON', async () => {
    const text = `${encodeNdjsonEvent(sampleRunEvents[0]!)}{oops\n`;
    const { events, error } = await collect(bodyOf([encoder.encode(text)]).body);
    expect(events).toEqual([sampleRunEvents[0]]);
    expect((error as StreamDecodeError).message).toBe('Line 2: not a JSON value: "{oops"');
  });

  it('passes on an error of the body itself', async () => {
    const failure = new Error('connection reset');
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(encoder.encode(encodeNdjsonEvent(sampleRunEvents[0]!)));
        else controller.error(failure);
      },
    });
    const { events, error } = await collect(body);
    expect(events).toEqual([sampleRunEvents[0]]);
    expect(error).toBe(failure);
  });
});

describe('decodeSequencedEventStream', () => {
  it('hands each line its seq and gives back the event without it', async () => {
    const body = bodyOf([
      encoder.encode(
        encodeNdjsonEvent(sampleRunEvents[0]!, 1) +
          encodeNdjsonEvent(runEvents.heartbeat(5)) +
          encodeNdjsonEvent(sampleRunEvents[1]!, 2),
      ),
    ]).body;
    const decoded: SequencedRunEvent[] = [];
    for await (const item of decodeSequencedEventStream(body)) decoded.push(item);
    expect(decoded).toEqual([
      { seq: 1, event: sampleRunEvents[0] },
      { event: runEvents.heartbeat(5) },
      { seq: 2, event: sampleRunEvents[1] },
    ]);
  });

  it('leaves the seq off the events decodeEventStream yields', async () => {
    const body = bodyOf([encoder.encode(encodeNdjsonEvent(sampleRunEvents[0]!, 9))]).body;
    expect((await collect(body)).events).toEqual([sampleRunEvents[0]]);
  });
});
