import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { negotiateStreamFormat } from './negotiate-stream-format.ts';

/** The format a real Hono request with this `Accept` header negotiates ("undefined" when none). */
async function negotiated(accept: string | undefined): Promise<string> {
  const app = new Hono().get('/', (context) => context.text(String(negotiateStreamFormat(context))));
  const response = await app.request('/', accept === undefined ? {} : { headers: { Accept: accept } });
  return response.text();
}

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
    ['text/event-stream;q=0.9, application/json;q=0.9', 'ndjson'],
    ['application/x-ndjson;q=abc, text/event-stream;q=0.5', 'ndjson'],
  ] as const)('Accept %j → %s', async (accept, expected) => {
    expect(await negotiated(accept)).toBe(expected);
  });

  it.each([
    'text/html',
    'image/png, text/plain',
    'application/x-ndjson;q=0, text/event-stream;q=0',
    '*/*;q=0',
  ])('refuses Accept %j', async (accept) => {
    expect(await negotiated(accept)).toBe('undefined');
  });
});
