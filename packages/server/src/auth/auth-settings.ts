/** OpenID Connect sign-in at one provider, found by discovery from its issuer. */
export interface OpenIdConnectSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button names ("Sign in with …"). */
  name: string;
  scopes: readonly string[];
}

/** Accounts and/or OpenID Connect, both signed in with a session cookie that better-auth keeps. */
export interface SessionAuthSettings {
  mode: 'sessions';
  /** The origin users open, e.g. `https://chat.example.com`: cookies, redirects and the Origin check hang on it. */
  publicUrl: string;
  /** Signs session cookies and encrypts OAuth state; at least 32 characters. */
  secret: string;
  /** `signUp`: who may create an account here; an admin is made afterwards (`drawbridge admin grant`). */
  accounts: { signUp: SignUpPolicy } | null;
  openIdConnect: OpenIdConnectSettings | null;
  /** Password reset by email for accounts; absent: no reset (nobody to send the mail). */
  passwordReset?: PasswordResetSettings;
}

/** Where the password-reset mail goes out: an SMTP server, and the sender it names. */
export interface PasswordResetSettings {
  /** `smtp://user:password@host:587` or `smtps://…:465`, as nodemailer reads it. */
  smtpUrl: string;
  /** The `From` of the mail, e.g. `Drawbridge <no-reply@chat.example.com>`. */
  from: string;
}

/** `open` to anyone reaching the server, or a list of lower-cased emails and `@domain`s (empty: closed). */
export type SignUpPolicy = 'open' | readonly string[];

/**
 * Whether an email may create an account under a policy. No address is let past it for being meant as an
 * admin's: nobody proves owning an address by signing up with it (issue 35, item 4).
 */
export function maySignUp({ policy, email }: { policy: SignUpPolicy; email: string }): boolean {
  const lowered = email.trim().toLowerCase();
  if (policy === 'open') return true;
  const domain = lowered.slice(lowered.lastIndexOf('@'));
  return policy.includes(lowered) || policy.includes(domain);
}

/** A reverse proxy (oauth2-proxy, a cloud load balancer) signed the user in and names them in a header. */
export interface ProxyAuthSettings {
  mode: 'proxy';
  /** Lower-cased header name, e.g. `x-forwarded-email`. */
  userHeader: string;
  /** Peer addresses the header is believed from; a request from anywhere else is not signed in. */
  trustedProxies: readonly string[];
  /**
   * Lower-cased user names (emails) the proxy vouches for that see every user's data on the dashboard. Only
   * here: with accounts or OpenID Connect, admins are marked in the database (`drawbridge admin grant`).
   */
  adminEmails: readonly string[];
}

/** The one local user, for a server bound to loopback. */
export interface LocalAuthSettings {
  mode: 'local';
}

/** How requests say who they act for, plus what every mode shares (rate limits). */
export type AuthSettings = (LocalAuthSettings | SessionAuthSettings | ProxyAuthSettings) & {
  limits: RateLimitSettings;
};

/** Per-user limits on runs; `0` turns one off. */
export interface RateLimitSettings {
  runsPerMinute: number;
  tokensPerDay: number;
}

/** Limits of a signed-in deployment unless configured; the local user is not limited unless asked. */
export const defaultSignedInLimits: RateLimitSettings = { runsPerMinute: 20, tokensPerDay: 2_000_000 };
