import type { SessionUser } from '@drawbridge/protocol';
import { localUserId } from '../store/local-user-id.ts';

/** How a request proved who it acts for. */
export type SignInEvidence = 'local' | 'session' | 'proxy' | 'token' | 'app';

/** The user a request acts for; every route scopes what it reads and writes to `id`. */
export interface SignedInUser extends SessionUser {
  via: SignInEvidence;
}

/** The one user of a zero-config server on loopback: owns every thread, sees the whole dashboard. */
export const localUser: SignedInUser = {
  id: localUserId,
  name: 'Local user',
  email: null,
  isAdmin: true,
  via: 'local',
};
