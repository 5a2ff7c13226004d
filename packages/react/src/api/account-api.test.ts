import { describe, expect, it } from 'vitest';
import { stubbedFetch } from '../testing/stubbed-fetch.ts';
import { changePassword, hasPassword, postAuth, revokeApiToken } from './account-api.ts';

const { requests, answer } = stubbedFetch();

describe('the account calls', () => {
  it('reject a better-auth refusal with its message and its code in lower case', async () => {
    answer(400, { code: 'INVALID_TOKEN', message: 'Invalid token' });
    await expect(postAuth({ path: '/reset-password', body: {} })).rejects.toMatchObject({
      code: 'invalid_token',
      message: 'Invalid token',
      status: 400,
    });
    answer(429, { message: 'Too many requests' });
    await expect(postAuth({ path: '/sign-in/email', body: {} })).rejects.toMatchObject({
      code: 'http_429',
      message: 'Too many attempts; wait a minute and try again.',
    });
  });

  it('go under the base path, and ask the server to sign the other sessions out on a change', async () => {
    answer(200, { token: null });
    await changePassword({ currentPassword: 'old one here', newPassword: 'new one here', baseUrl: '/ai/' });
    expect(requests[0]?.url).toBe('/ai/api/auth/change-password');
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({
      currentPassword: 'old one here',
      newPassword: 'new one here',
      revokeOtherSessions: true,
    });
    answer(204, undefined);
    await revokeApiToken({ tokenId: 'a/b', baseUrl: '/ai' });
    expect(requests[1]).toMatchObject({ url: '/ai/api/tokens/a%2Fb', init: { method: 'DELETE' } });
  });

  it('tell whether the user has a password from their linked sign-ins', async () => {
    answer(200, [{ providerId: 'oidc' }]);
    expect(await hasPassword()).toBe(false);
    answer(200, [{ providerId: 'oidc' }, { providerId: 'credential' }]);
    expect(await hasPassword()).toBe(true);
    answer(401, { error: { code: 'sign_in_required', message: 'Sign in first.' } });
    await expect(hasPassword()).rejects.toMatchObject({ code: 'sign_in_required' });
  });
});
