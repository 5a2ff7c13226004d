// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { stubbedFetch } from '../testing/stubbed-fetch.ts';
import { createShare, fetchShares, revokeShare, sharedPageUrl } from './share-api.ts';

const { requests, answer } = stubbedFetch();

const share = {
  id: 's1',
  threadId: 't/1',
  widgetId: null,
  title: 'Cities',
  createdAt: '2026-12-05T09:00:00.000Z',
};

describe('the share calls', () => {
  it('make a link to a chat or to one widget, under the base path', async () => {
    answer(201, { share, path: '/share/abc' });
    expect(await createShare({ threadId: 't/1', baseUrl: '/ai' })).toEqual({ share, path: '/share/abc' });
    expect(requests[0]?.url).toBe('/ai/api/threads/t%2F1/shares');
    expect(requests[0]?.init?.body).toBe('{}');
    await createShare({ threadId: 't1', widgetId: 'w1' });
    expect(requests[1]?.init?.body).toBe('{"widgetId":"w1"}');
  });

  it('list the user’s links (of one chat), revoke one, and reject a refusal with its code', async () => {
    answer(200, { shares: [share] });
    expect(await fetchShares({ threadId: 't/1' })).toEqual([share]);
    expect(requests[0]?.url).toBe('/api/shares?threadId=t%2F1');
    answer(204, undefined);
    await revokeShare({ shareId: 's1', baseUrl: '/ai' });
    expect(requests[1]).toMatchObject({ url: '/ai/api/shares/s1', init: { method: 'DELETE' } });
    answer(404, { error: { code: 'share_not_found', message: 'there is no link s1' } });
    await expect(revokeShare({ shareId: 's1' })).rejects.toMatchObject({
      code: 'share_not_found',
      status: 404,
    });
  });

  it('turn the answered path into the whole URL to copy', () => {
    expect(sharedPageUrl({ path: '/share/abc', baseUrl: '/ai' })).toBe(
      `${window.location.origin}/ai/share/abc`,
    );
  });
});
