import type { SessionResponse } from '@drawbridge/protocol';
import { createContext, useContext } from 'react';

/** The signed-in session as the gate found it, and how to leave it. */
export interface SessionState {
  session: SessionResponse;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionState | undefined>(undefined);

/** The session under the gate; `undefined` outside it (tests that render a page alone). */
export function useSession(): SessionState | undefined {
  return useContext(SessionContext);
}
