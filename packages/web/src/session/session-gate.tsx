import type { SessionResponse } from '@drawbridge/protocol';
import { passwordRules } from '@drawbridge/protocol';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../components/error-message.ts';
import { fetchSession, signOut } from './auth-client.ts';
import { resetTokenFromHash } from './reset-password-link.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';
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
  // A reset link opens the page once; the token leaves the address bar as soon as the page is left.
  const [resetToken, setResetToken] = useState(() => resetTokenFromHash(window.location.hash));
  useEffect(() => {
    // A link pasted into a tab already on the app changes only the hash.
    const onHashChange = () => {
      const token = resetTokenFromHash(window.location.hash);
      if (token !== undefined) setResetToken(token);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  const refresh = useCallback(async () => {
    try {
      setSession(await fetchSession());
      setFailure(undefined);
    } catch (error) {
      setFailure(errorMessage(error));
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
  if (resetToken !== undefined) {
    return (
      <ResetPasswordPage
        token={resetToken}
        rules={state.session.signIn.accounts?.passwordRules ?? passwordRules}
        onDone={() => {
          history.replaceState(null, '', window.location.pathname);
          setResetToken(undefined);
          // The reset signed every session of the account out, perhaps this one.
          void refresh();
        }}
      />
    );
  }
  if (state.session.user === null) return <SignInPage methods={state.session.signIn} onSignedIn={refresh} />;
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}
