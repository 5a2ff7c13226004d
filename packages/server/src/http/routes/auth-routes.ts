import {
  type ApiTokenListResponse,
  type AuthRouteErrorCode,
  type CreateApiTokenResponse,
  createApiTokenBodySchema,
  describeSchemaError,
  passwordRules,
  type SessionResponse,
  type SignInMethods,
} from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { maximumTokensPerUser } from '../../auth/api-token-store.ts';
import type { AuthSettings } from '../../auth/auth-settings.ts';
import { openIdConnectProviderId, peerAddressHeader } from '../../auth/better-auth-options.ts';
import { requestUser } from '../../auth/request-user.ts';
import { peerAddressOf, type SignIn } from '../../auth/sign-in-guard.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';

const refuse: ErrorResponder<AuthRouteErrorCode> = errorResponse;

function signInMethods(settings: AuthSettings): SignInMethods {
  if (settings.mode !== 'sessions') {
    return { mode: settings.mode, accounts: null, openIdConnect: null };
  }
  return {
    mode: 'sessions',
    accounts:
      settings.accounts === null
        ? null
        : {
            signUp: settings.accounts.signUp === 'open' || settings.accounts.signUp.length > 0,
            passwordRules,
            passwordReset: settings.passwordReset !== undefined,
          },
    openIdConnect:
      settings.openIdConnect === null
        ? null
        : { providerId: openIdConnectProviderId, name: settings.openIdConnect.name },
  };
}

/** The request as better-auth gets it: our peer-address header set from the socket, never from the client. */
function withPeerAddress(context: Context, peerAddress: string | undefined): Request {
  const headers = new Headers(context.req.raw.headers);
  headers.delete(peerAddressHeader);
  if (peerAddress !== undefined) headers.set(peerAddressHeader, peerAddress);
  return new Request(context.req.raw, { headers });
}

/**
 * `GET /api/session` (who is signed in, how to sign in), `/api/tokens` (the user's API tokens) and, in the
 * sessions mode, better-auth's endpoints under `/api/auth/`.
 */
export function createAuthRoutes({
  signIn,
  peerAddress = peerAddressOf,
}: {
  signIn: SignIn;
  peerAddress?: (context: Context) => string | undefined;
}): Hono {
  const routes = new Hono();
  const methods = signInMethods(signIn.settings);

  routes.get('/session', (context) => {
    const user = context.get('user');
    const body: SessionResponse = {
      user:
        user === undefined
          ? null
          : { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin },
      signIn: methods,
    };
    return context.json(body, 200, { 'Cache-Control': 'no-store' });
  });

  const { sessions, tokens } = signIn;
  if (sessions !== undefined) {
    routes.on(['GET', 'POST'], '/auth/*', (context) =>
      sessions.handle(withPeerAddress(context, peerAddress(context))),
    );
  }

  routes.get('/tokens', async (context) => {
    if (tokens === undefined) return tokensUnavailable(context);
    const body: ApiTokenListResponse = { tokens: await tokens.list(requestUser(context).id) };
    return context.json(body);
  });

  routes.post('/tokens', async (context) => {
    if (tokens === undefined) return tokensUnavailable(context);
    const user = requestUser(context);
    // A token cannot mint more tokens: a leaked one must not outlive its revocation through its children.
    if (user.via === 'token') {
      return refuse(
        context,
        403,
        'tokens_unavailable',
        'Create API tokens while signed in, not with a token.',
      );
    }
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = createApiTokenBodySchema.safeParse(body);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        `Invalid token request: ${describeSchemaError(parsed.error)}`,
      );
    }
    const created = await tokens.create({ user, name: parsed.data.name });
    if (created === undefined) {
      return refuse(
        context,
        409,
        'too_many_tokens',
        `You already hold ${maximumTokensPerUser} API tokens; revoke one first.`,
      );
    }
    return context.json(created satisfies CreateApiTokenResponse, 201);
  });

  routes.delete('/tokens/:tokenId', async (context) => {
    if (tokens === undefined) return tokensUnavailable(context);
    const revoked = await tokens.revoke({
      userId: requestUser(context).id,
      tokenId: context.req.param('tokenId'),
    });
    if (!revoked) return refuse(context, 404, 'token_not_found', 'You have no API token with that id.');
    return context.body(null, 204);
  });

  return routes;
}

function tokensUnavailable(context: Context): Response {
  return refuse(
    context,
    404,
    'tokens_unavailable',
    'API tokens exist only with sign-in (DRAWBRIDGE_AUTH); on loopback every local client is the local user.',
  );
}
