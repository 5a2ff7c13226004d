import { describe, expect, it } from 'vitest';
import { negotiateStreamFormat } from './negotiate-stream-format.ts';

describe('negotiateStreamFormat', () => {
  it.each([
    [undefined, 'ndjson'],
    ['', 'ndjson'],
    ['*/*', 'ndjson'],
    ['application/x-ndjson', 'ndjson'],
    ['application/json', 'ndjson'],
    ['application/json, text/plain, */*', 'ndjson'],
    ['text/event-stream', 'sse'],
    ['text/event-stream, */*;q=0.1', 'sse'],
    ['text/event-stream;q=0.5, application/x-ndjson', 'ndjson'],
    ['application/x-ndjson;q=0.2, text/event-stream;q=0.9', 'sse'],
    ['text/*', 'sse'],
    ['TEXT/EVENT-STREAM', 'sse'],
    ['text/html, */*;q=0.8', 'ndjson'],
    ['garbage', 'ndjson'],
  ] as const)('Accept %j → %s', (accept, expected) => {
    expect(negotiateStreamFormat(accept)).toBe(expected);
  });

  it.each([
    'text/html',
    'image/png, text/plain',
    'application/x-ndjson;q=0, text/event-stream;q=0',
    '*/*;q=0',
  ])('refuses Accept %j', (accept) => {
    expect(negotiateStreamFormat(accept)).toBeUndefined();
  });
});
