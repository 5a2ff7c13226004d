import { healthResponseSchema } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { stubbedFetch } from '../testing/stubbed-fetch.ts';
import { ApiError } from './api-error.ts';
import { requestJson } from './request-json.ts';

const { answer } = stubbedFetch();

describe('requestJson', () => {
  it('parses the answer with the shared schema', async () => {
    const health = {
      ok: true,
      model: { id: 'demo', demo: true, hint: 'Set DRAWBRIDGE_MODEL.' },
      models: [{ id: 'demo', demo: true }],
      autoRepair: false,
      trustedLinkHosts: [],
    };
    answer(200, health);
    expect(await requestJson({ path: '/api/health', schema: healthResponseSchema })).toEqual(health);
  });

  it("rejects a refusal with the server's code and message", async () => {
    answer(404, { error: { code: 'thread_not_found', message: 'thread t does not exist' } });
    const refusal = requestJson({ path: '/api/health', schema: healthResponseSchema });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({
      code: 'thread_not_found',
      message: 'thread t does not exist',
      status: 404,
    });
  });

  it('rejects an answer the schema does not describe as unexpected_response', async () => {
    answer(200, { ok: true, model: { id: 'demo' } });
    await expect(requestJson({ path: '/api/health', schema: healthResponseSchema })).rejects.toMatchObject({
      code: 'unexpected_response',
      status: 200,
    });
  });
});
