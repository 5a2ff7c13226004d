import { useId } from 'react';
import { useTheme } from '../theme/use-theme.ts';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { ChangePasswordSection } from './change-password-section.tsx';
import { useSession } from './session-context.ts';
import { SharedLinksSection } from './shared-links-section.tsx';
import '../styles/account.css';

/**
 * The signed-in user's account: who they are, their password (accounts), their API tokens and the links they
 * shared. On a loopback server nobody signs in, and only the local user's shared links are here to manage.
 */
export function AccountPage() {
  useTheme();
  const state = useSession();
  const headingId = useId();
  const profileId = useId();
  const session = state?.session;
  const user = session?.user;
  const signedIn =
    session !== undefined && user !== null && user !== undefined && session.signIn.mode !== 'local';
  return (
    <main className="account-page" aria-labelledby={headingId}>
      <header className="account-page__header">
        <a className="button button--secondary" href="#/">
          ← Chats
        </a>
        <h1 id={headingId}>Account</h1>
      </header>
      {!signedIn ? (
        <>
          <section className="account-card">
            <p className="account-card__intro">
              Nobody signs in on this server (it listens on loopback only): every local client is the one
              local user, so there are no passwords or API tokens to manage.
            </p>
          </section>
          <SharedLinksSection />
        </>
      ) : (
        <>
          <section className="account-card" aria-labelledby={profileId}>
            <h2 id={profileId}>Profile</h2>
            <dl className="account-card__facts">
              <dt>Name</dt>
              <dd>{user.name}</dd>
              <dt>Email</dt>
              <dd>{user.email ?? '—'}</dd>
              <dt>Role</dt>
              <dd>{user.isAdmin ? 'Admin: the dashboard shows every user' : 'Member'}</dd>
            </dl>
            {session.signIn.mode === 'sessions' ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void state?.signOut()}
              >
                Sign out
              </button>
            ) : (
              <p className="account-card__intro">Your proxy signs you in and out.</p>
            )}
          </section>
          {session.signIn.accounts === null ? null : (
            <ChangePasswordSection
              rules={session.signIn.accounts.passwordRules}
              providerName={session.signIn.openIdConnect?.name ?? null}
            />
          )}
          <ApiTokensSection />
          <SharedLinksSection />
        </>
      )}
    </main>
  );
}
