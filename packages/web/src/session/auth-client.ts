import { type SessionResponse, sessionResponseSchema } from '@drawbridge/protocol';
import { ApiError, postAuth, requestJson } from '@drawbridge/react';
import { z } from 'zod';

/** Who is signed in and how this server signs people in. */
export function fetchSession(): Promise<SessionResponse> {
  return requestJson({ path: '/api/session', schema: sessionResponseSchema, init: { cache: 'no-store' } });
}

export async function signInWithPassword({ email, password }: { email: string; password: string }) {
  await postAuth({ path: '/sign-in/email', body: { email, password } });
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
  await postAuth({ path: '/sign-up/email', body: { name, email, password } });
}

const redirectSchema = z.object({ url: z.string().url() });

/** Starts OpenID Connect sign-in: the browser leaves for the provider and comes back signed in. */
export async function signInWithOpenIdConnect({ providerId }: { providerId: string }) {
  const answer = redirectSchema.safeParse(
    await postAuth({
      path: '/sign-in/social',
      body: { provider: providerId, callbackURL: '/', errorCallbackURL: '/' },
    }),
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
  await postAuth({ path: '/sign-out', body: {} });
}
