import { type SessionResponse, sessionResponseSchema } from '@drawbridge/protocol';
import { ApiError, requestJson } from '@drawbridge/react';
import { z } from 'zod';

/** Who is signed in and how this server signs people in. */
export function fetchSession(): Promise<SessionResponse> {
  return requestJson({ path: '/api/session', schema: sessionResponseSchema, init: { cache: 'no-store' } });
}

// better-auth answers refusals as `{ code, message }`; only the message is shown.
const authRefusalSchema = z.object({ message: z.string() });

async function postAuth(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`/api/auth${path}`, {
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
      code: `http_${response.status}`,
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

export async function signInWithPassword({ email, password }: { email: string; password: string }) {
  await postAuth('/sign-in/email', { email, password });
}

export async function signUpWithPassword({
  name,
  email,
  password,
}: {
  name: string;
  email: string;
  password: string;
}) {
  await postAuth('/sign-up/email', { name, email, password });
}

const redirectSchema = z.object({ url: z.string().url() });

/** Starts OpenID Connect sign-in: the browser leaves for the provider and comes back signed in. */
export async function signInWithOpenIdConnect({ providerId }: { providerId: string }) {
  const answer = redirectSchema.safeParse(
    await postAuth('/sign-in/social', { provider: providerId, callbackURL: '/', errorCallbackURL: '/' }),
  );
  if (!answer.success) {
    throw new ApiError({
      code: 'unexpected_response',
      message: 'The server sent no sign-in address.',
      status: 200,
    });
  }
  window.location.assign(answer.data.url);
}

export async function signOut() {
  await postAuth('/sign-out', {});
}
