import { describe, expect, it } from 'vitest';
import { officialA2uiExamples } from '../testing/official-a2ui-examples.ts';
import { splitAt } from '../testing/split-at.ts';
import { A2uiJsonStream } from './a2ui-json-stream.ts';
import { A2uiToolArgumentsStream, readA2uiToolArguments } from './a2ui-tool-arguments.ts';
import { parseA2uiMessage } from './parse-a2ui-message.ts';

const booking = officialA2uiExamples().find((example) => example.version === '0.9')!.messages;
const argumentsText = JSON.stringify({ a2ui_json: JSON.stringify(booking, null, 1) });

/** Feeds the pieces in order; returns every progress seen and the last. */
function feed(stream: { push(text: string): ReturnType<A2uiJsonStream['push']> }, pieces: string[]) {
  const seen = pieces.flatMap((piece) => {
    const progress = stream.push(piece);
    return progress === undefined ? [] : [progress];
  });
  return { seen, last: seen.at(-1) };
}

describe('A2uiToolArgumentsStream', () => {
  it('reads the same messages whatever the arguments are split at', () => {
    for (let index = 0; index <= argumentsText.length; index += 1) {
      const { last } = feed(new A2uiToolArgumentsStream(), splitAt({ whole: argumentsText, cuts: [index] }));
      expect(last, `split at ${index}`).toEqual({ messages: booking, partial: false });
    }
  });

  it('grows a message one valid component at a time while it streams', () => {
    const pieces = argumentsText.match(/[\s\S]{1,5}/g)!;
    const { seen } = feed(new A2uiToolArgumentsStream(), pieces);
    expect(seen.some((progress) => progress.partial)).toBe(true);
    for (const progress of seen) {
      for (const message of progress.messages) expect(parseA2uiMessage(message).success).toBe(true);
    }
    const counts = seen.map((progress) => progress.messages.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual({ messages: booking, partial: false });
  });

  it('decodes escapes cut between deltas', () => {
    const messages = [{ version: 'v0.9', deleteSurface: { surfaceId: 'a"b\\c\u00e9' } }];
    const text = JSON.stringify({ a2ui_json: JSON.stringify(messages) });
    for (let index = 0; index <= text.length; index += 1) {
      expect(
        feed(new A2uiToolArgumentsStream(), splitAt({ whole: text, cuts: [index] })).last?.messages,
      ).toEqual(messages);
    }
  });
});

describe('A2uiJsonStream', () => {
  it('reads one message written without an array', () => {
    const message = { version: 'v0.9', deleteSurface: { surfaceId: 's' } };
    expect(new A2uiJsonStream().push(JSON.stringify(message))).toEqual({
      messages: [message],
      partial: false,
    });
  });
});

describe('readA2uiToolArguments', () => {
  it('reads a string, an array or one message, and says what is wrong otherwise', () => {
    expect(readA2uiToolArguments({ a2ui_json: '[{"a":1}]' })).toEqual({
      success: true,
      messages: [{ a: 1 }],
    });
    expect(readA2uiToolArguments({ a2ui_json: [{ a: 1 }] })).toEqual({ success: true, messages: [{ a: 1 }] });
    expect(readA2uiToolArguments({ a2ui_json: { a: 1 } })).toEqual({ success: true, messages: [{ a: 1 }] });
    expect(readA2uiToolArguments({ a2ui_json: '[{' })).toMatchObject({ success: false });
    expect(readA2uiToolArguments({})).toEqual({
      success: false,
      error: 'a2ui_json must be a JSON array of A2UI messages.',
    });
  });
});
