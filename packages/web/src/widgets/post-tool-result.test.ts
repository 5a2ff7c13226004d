import { describe, expect, it } from 'vitest';
import { postToolResult } from './post-tool-result.ts';

const rendered = { status: 'rendered', message: 'Displayed the table to the user.' } as const;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function scriptedFetch(responses: Response[]): { fetchImplementation: typeof fetch; calls: () => number } {
  let calls = 0;
  const fetchImplementation = (async () => {
    const response = responses[Math.min(calls, responses.length - 1)]!;
    calls += 1;
    return response.clone();
  }) as typeof fetch;
  return { fetchImplementation, calls: () => calls };
}

const unknownCall = () =>
  jsonResponse(404, { error: { code: 'unknown_call', message: 'There is no open tool call with that id.' } });

describe('postToolResult', () => {
  it('retries an answer that reached the server before its call was parked', async () => {
    const server = scriptedFetch([unknownCall(), unknownCall(), jsonResponse(200, { accepted: true })]);
    const outcome = await postToolResult({
      threadId: 't1',
      toolCallId: 'c1',
      result: rendered,
      fetchImplementation: server.fetchImplementation,
      retryDelaysMs: [0, 0, 0],
    });
    expect(outcome).toEqual({ ok: true });
    expect(server.calls()).toBe(3);
  });

  it('gives up after the last retry and reports the refusal', async () => {
    const server = scriptedFetch([unknownCall()]);
    const outcome = await postToolResult({
      threadId: 't1',
      toolCallId: 'c1',
      result: rendered,
      fetchImplementation: server.fetchImplementation,
      retryDelaysMs: [0, 0],
    });
    expect(outcome).toEqual({ ok: false, message: 'There is no open tool call with that id.' });
    expect(server.calls()).toBe(3);
  });

  it('does not retry other refusals', async () => {
    const server = scriptedFetch([
      jsonResponse(409, {
        error: { code: 'already_answered', message: 'That tool call was already answered.' },
      }),
    ]);
    const outcome = await postToolResult({
      threadId: 't1',
      toolCallId: 'c1',
      result: rendered,
      fetchImplementation: server.fetchImplementation,
      retryDelaysMs: [0, 0],
    });
    expect(outcome).toEqual({ ok: false, message: 'That tool call was already answered.' });
    expect(server.calls()).toBe(1);
  });
});
