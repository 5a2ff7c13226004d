import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised when a route that needs a user runs without the sign-in guard in front of it: a wiring bug. */
export class MissingSignInGuardError extends DrawbridgeError<'missing_sign_in_guard'> {
  static override readonly errorName = 'MissingSignInGuardError';

  constructor(message: string) {
    super({ code: 'missing_sign_in_guard', message });
  }
}
