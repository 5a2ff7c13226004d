import type { SignIn } from './sign-in-guard.ts';

/** A zero-config server on loopback: every request is the local user, nothing is limited. */
export const localSignIn: SignIn = {
  settings: { mode: 'local', limits: { runsPerMinute: 0, tokensPerDay: 0 } },
};
