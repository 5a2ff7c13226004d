import { describe, expect, it } from 'vitest';
import { postToolResult } from './post-tool-result.ts';

const rendered = { status: 'rendered', message: 'Displayed the table to the user.' } as const;

function recordingFetch(response: Response) {
  const requests: Array<{ url: string; body: unknown }> = [];
  const fetchImplementation = (async (url: string, init?: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init?.body)) });
    return response;
  }) as typeof fetch;
  return { fetchImplementation, requests };
}

describe('postToolResult', () => {
  it('posts the answer once to the thread of the call', async () => {
    const { fetchImplementation, requests } = recordingFetch(
      new Response('{"accepted":true}', { status: 200 }),
    );
    expect(
      await postToolResult({ threadId: 't 1', toolCallId: 'c1', result: rendered, fetchImplementation }),
    ).toEqual({
      ok: true,
    });
    expect(requests).toEqual([
      { url: '/api/threads/t%201/tool-results', body: { toolCallId: 'c1', result: rendered } },
    ]);
  });

  it('posts under the base URL the server is mounted at', async () => {
    const { fetchImplementation, requests } = recordingFetch(
      new Response('{"accepted":true}', { status: 200 }),
    );
    await postToolResult({
      baseUrl: '/ai',
      threadId: 't1',
      toolCallId: 'c1',
      result: rendered,
      fetchImplementation,
    });
    expect(requests.map((request) => request.url)).toEqual(['/ai/api/threads/t1/tool-results']);
  });

  it("reports the server's refusal as a value", async () => {
    const refusal = new Response(
      JSON.stringify({
        error: { code: 'already_answered', message: 'That tool call was already answered or has closed.' },
      }),
      {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      },
    );
    const { fetchImplementation } = recordingFetch(refusal);
    expect(
      await postToolResult({ threadId: 't1', toolCallId: 'c1', result: rendered, fetchImplementation }),
    ).toEqual({
      ok: false,
      message: 'That tool call was already answered or has closed.',
    });
  });

  it('reports a network failure as a value', async () => {
    const fetchImplementation = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(
      await postToolResult({ threadId: 't1', toolCallId: 'c1', result: rendered, fetchImplementation }),
    ).toEqual({
      ok: false,
      message: 'The tool result could not be sent: Failed to fetch',
    });
  });
});
