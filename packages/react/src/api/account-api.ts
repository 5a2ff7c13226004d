import {
  type ApiToken,
  apiTokenListResponseSchema,
  type CreateApiTokenResponse,
  createApiTokenResponseSchema,
} from '@drawbridge/protocol';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/** The signed-in user's API tokens, newest first (never their secrets). */
export async function fetchApiTokens({ baseUrl }: ServerLocation = {}): Promise<ApiToken[]> {
  return (await requestJson({ baseUrl, path: '/api/tokens', schema: apiTokenListResponseSchema })).tokens;
}

/** Makes an API token; its `secret` is in this answer only, so show it now. */
export function createApiToken({
  name,
  baseUrl,
}: ServerLocation & { name: string }): Promise<CreateApiTokenResponse> {
  return requestJson({
    baseUrl,
    path: '/api/tokens',
    schema: createApiTokenResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) },
  });
}

/** Revokes one of the user's API tokens at once. */
export async function revokeApiToken({
  tokenId,
  baseUrl,
}: ServerLocation & { tokenId: string }): Promise<void> {
  const response = await fetch(apiUrl(baseUrl, `/api/tokens/${encodeURIComponent(tokenId)}`), {
    method: 'DELETE',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
}

// better-auth answers refusals as `{ code, message }`, not as our `{ error }`.
const authRefusalSchema = z.object({ message: z.string(), code: z.string().optional() });

/**
 * Posts to one of the sign-in endpoints under `/api/auth/` (better-auth's): the parsed answer, or an `ApiError`
 * carrying the server's own wording (a 429 says to wait) and its code in lower case (`invalid_token`).
 */
export async function postAuth({
  path,
  body,
  baseUrl,
}: ServerLocation & { path: string; body: unknown }): Promise<unknown> {
  const response = await fetch(apiUrl(baseUrl, `/api/auth${path}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // A proxy's error page: the status line below says what happened.
    parsed = undefined;
  }
  if (!response.ok) {
    const refusal = authRefusalSchema.safeParse(parsed);
    throw new ApiError({
      code:
        refusal.success && refusal.data.code !== undefined
          ? refusal.data.code.toLowerCase()
          : `http_${response.status}`,
      message:
        response.status === 429
          ? 'Too many attempts; wait a minute and try again.'
          : refusal.success
            ? refusal.data.message
            : `The server answered ${response.status}.`,
      status: response.status,
    });
  }
  return parsed;
}

/** Changes the signed-in user's password; the server signs every other session of theirs out. */
export async function changePassword({
  currentPassword,
  newPassword,
  baseUrl,
}: ServerLocation & { currentPassword: string; newPassword: string }): Promise<void> {
  await postAuth({
    baseUrl,
    path: '/change-password',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });
}

/** Asks for a reset link by mail; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset({
  email,
  baseUrl,
}: ServerLocation & { email: string }): Promise<void> {
  await postAuth({ baseUrl, path: '/request-password-reset', body: { email } });
}

/** Sets a new password with the token of a reset link (once); every session of the account is signed out. */
export async function resetPassword({
  token,
  newPassword,
  baseUrl,
}: ServerLocation & { token: string; newPassword: string }): Promise<void> {
  await postAuth({ baseUrl, path: '/reset-password', body: { token, newPassword } });
}

const linkedAccountsSchema = z.array(z.object({ providerId: z.string() }));

/** Whether the signed-in user signs in with a password here (a single-sign-on user has none to change). */
export async function hasPassword({ baseUrl }: ServerLocation = {}): Promise<boolean> {
  const response = await fetch(apiUrl(baseUrl, '/api/auth/list-accounts'), {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const linked = linkedAccountsSchema.safeParse(await response.json());
  return linked.success && linked.data.some((account) => account.providerId === 'credential');
}
