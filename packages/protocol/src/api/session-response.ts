import { z } from 'zod';
import { passwordRulesSchema } from './password-rules.ts';

/** Who a request acts for: the one local user, an account, an OpenID Connect user or a proxy's user. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Admins see every user's runs, audit records and widget events on the dashboard. */
  isAdmin: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** How this server lets people sign in; the web client draws its sign-in page from it. */
export const signInMethodsSchema = z.object({
  /** `local`: loopback, one user, nobody signs in. `proxy`: a reverse proxy signs people in. */
  mode: z.enum(['local', 'sessions', 'proxy']),
  /**
   * Email and password accounts; `signUp` says whether a new account may be created here, `passwordRules`
   * what its password must be (the sign-up page shows them), `passwordReset` whether a forgotten one can be
   * reset by email (the server has an SMTP server to send the link through).
   */
  accounts: z
    .object({ signUp: z.boolean(), passwordRules: passwordRulesSchema, passwordReset: z.boolean() })
    .nullable(),
  /** OpenID Connect sign-in, with the provider's name for the button. */
  openIdConnect: z.object({ providerId: z.string(), name: z.string() }).nullable(),
});

export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** `GET /api/session`: the signed-in user (or `null`) and the ways to sign in. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  signIn: signInMethodsSchema,
});

export type SessionResponse = z.infer<typeof sessionResponseSchema>;
