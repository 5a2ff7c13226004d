import { shareRouteErrorCodes, threadRouteErrorCodes } from '@drawbridge/protocol';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { identifierParams, invalidIdentifierMessage, threadIdParam } from './identifier-params.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';

describe('threadIdParam', () => {
  const app = new Hono().get('/threads/:threadId', threadIdParam, (context) =>
    context.text(context.req.param('threadId')),
  );

  it('lets an id through to the handler', async () => {
    const response = await app.request(`/threads/A-z_0${'9'.repeat(123)}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`A-z_0${'9'.repeat(123)}`);
  });

  it('refuses what is not an id with 400 invalid_thread_id and the message the docs quote', async () => {
    for (const threadId of ['bad%20id', 'a.b', 'x'.repeat(129), '%C3%A9']) {
      const message = await expectErrorResponse({
        response: await app.request(`/threads/${threadId}`),
        status: 400,
        codes: threadRouteErrorCodes,
        code: 'invalid_thread_id',
      });
      expect(message).toBe('thread ids are 1-128 characters of A-Z, a-z, 0-9, _ and -');
    }
  });
});

describe('identifierParams', () => {
  it('checks every named parameter and answers with its own code and message', async () => {
    let handled = 0;
    const app = new Hono().get(
      '/threads/:threadId/links/:linkId',
      identifierParams({ names: ['threadId', 'linkId'], code: 'invalid_share_id', message: 'bad ids' }),
      (context) => {
        handled++;
        return context.body(null, 204);
      },
    );
    expect((await app.request('/threads/t1/links/l1')).status).toBe(204);
    for (const path of ['/threads/t%201/links/l1', '/threads/t1/links/l%201']) {
      const message = await expectErrorResponse({
        response: await app.request(path),
        status: 400,
        codes: shareRouteErrorCodes,
        code: 'invalid_share_id',
      });
      expect(message).toBe('bad ids');
    }
    expect(handled).toBe(1);
  });
});

describe('invalidIdentifierMessage', () => {
  it('names the kind of id', () => {
    expect(invalidIdentifierMessage('link')).toBe('link ids are 1-128 characters of A-Z, a-z, 0-9, _ and -');
  });
});
