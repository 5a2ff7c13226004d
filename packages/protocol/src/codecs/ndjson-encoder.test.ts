import { describe, expect, it } from 'vitest';
import { runEvents } from '../run-events.ts';
import { sampleRunEvents } from '../testing/sample-run-events.ts';
import { encodeNdjsonEvent } from './ndjson-encoder.ts';

describe('encodeNdjsonEvent', () => {
  it('writes one JSON line ending in a newline', () => {
    expect(encodeNdjsonEvent(runEvents.heartbeat(12))).toBe(
      '{"type":"CUSTOM","name":"drawbridge.heartbeat","value":{"at":12}}\n',
    );
  });

  it('adds the run log sequence number as a top-level seq field', () => {
    expect(encodeNdjsonEvent(runEvents.textEnd({ messageId: 'm1' }), 3)).toBe(
      '{"type":"TEXT_MESSAGE_END","messageId":"m1","seq":3}\n',
    );
  });

  it('gives every event with a seq the line of the event with seq added last', () => {
    for (const event of sampleRunEvents) {
      expect(encodeNdjsonEvent(event, 41)).toBe(`${JSON.stringify({ ...event, seq: 41 })}\n`);
    }
  });

  it('never puts a raw line break inside the line, whatever the event holds', () => {
    for (const event of [
      ...sampleRunEvents,
      runEvents.textContent({ messageId: 'm', delta: '\n\r\u2028\u2029' }),
    ]) {
      const line = encodeNdjsonEvent(event);
      expect(line.indexOf('\n')).toBe(line.length - 1);
      expect(line).not.toContain('\r');
      expect(JSON.parse(line)).toEqual(event);
    }
  });
});
