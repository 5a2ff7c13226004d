import type { SessionResponse } from '@drawbridge/protocol';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { fetchSession, signOut } from './auth-client.ts';
import { SessionContext } from './session-context.ts';
import { SignInPage } from './sign-in-page.tsx';

/**
 * Asks the server who is signed in before the app asks it for anything else: a signed-in user (or the local
 * user of a loopback server) gets the app, anyone else the sign-in page.
 */
export function SessionGate({
  initial,
  children,
}: {
  /** What `fetchSession` answered before the first render (the page's static shell showed meanwhile). */
  initial: { session: SessionResponse } | { failure: string };
  children: ReactNode;
}) {
  const [session, setSession] = useState<SessionResponse | undefined>(
    'session' in initial ? initial.session : undefined,
  );
  const [failure, setFailure] = useState<string | undefined>(
    'failure' in initial ? initial.failure : undefined,
  );
  const refresh = useCallback(async () => {
    try {
      setSession(await fetchSession());
      setFailure(undefined);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, []);
  const state = useMemo(
    () =>
      session === undefined
        ? undefined
        : {
            session,
            signOut: async () => {
              await signOut();
              // Everything on the page was the signed-out user's; a fresh page holds none of it.
              window.location.assign('/');
            },
          },
    [session],
  );
  if (failure !== undefined) {
    return (
      <main className="sign-in">
        <p role="alert">Could not reach the server: {failure}</p>
        <button type="button" className="button button--secondary" onClick={() => void refresh()}>
          Try again
        </button>
      </main>
    );
  }
  if (state === undefined) return null;
  if (state.session.user === null) return <SignInPage methods={state.session.signIn} onSignedIn={refresh} />;
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}
