import { afterEach, vi } from 'vitest';

/**
 * For tests of the API calls: `answer(status, body)` makes `fetch` answer so from then on (the body as JSON, or
 * none for `undefined`), and `requests` holds what was asked. Both are undone after each test.
 */
export function stubbedFetch(): {
  requests: Array<{ url: string; init: RequestInit | undefined }>;
  answer(status: number, body: unknown): void;
} {
  const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    requests.length = 0;
  });
  return {
    requests,
    answer(status, body) {
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        requests.push({ url, init });
        return body === undefined
          ? new Response(null, { status })
          : Response.json(body, { status, headers: { 'Content-Type': 'application/json' } });
      });
    },
  };
}
