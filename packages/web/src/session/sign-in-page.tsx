import type { SignInMethods } from '@drawbridge/protocol';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../components/error-message.ts';
import { signInWithOpenIdConnect, signInWithPassword, signUpWithPassword } from './auth-client.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PasswordField } from './password-field.tsx';
import { ProblemNote } from './problem-note.tsx';

/**
 * The page a signed-out visitor sees: email and password, a sign-up form when allowed (with the password
 * rules the server enforces), a reset link by mail when the server can send one, single sign-on.
 */
export function SignInPage({ methods, onSignedIn }: { methods: SignInMethods; onSignedIn(): Promise<void> }) {
  const [creating, setCreating] = useState(false);
  const [forgotten, setForgotten] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const { accounts, openIdConnect } = methods;

  const attempt = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    void attempt(async () => {
      if (creating) await signUpWithPassword({ name: String(form.get('name') ?? ''), email, password });
      else await signInWithPassword({ email, password });
      await onSignedIn();
    });
  };

  return (
    <main className="sign-in" aria-labelledby={headingId}>
      <div className="sign-in__card">
        <div className="sign-in__brand">
          <span className="sidebar__logo" aria-hidden="true" />
          <span>Drawbridge</span>
        </div>
        <h1 id={headingId} className="sign-in__title">
          {forgotten ? 'Reset your password' : creating ? 'Create an account' : 'Sign in'}
        </h1>
        {methods.mode === 'proxy' ? (
          <p>This server is signed into through its proxy; reload the page to sign in again.</p>
        ) : null}
        <ProblemNote problem={problem} />
        {accounts !== null && forgotten ? <ForgotPasswordForm onBack={() => setForgotten(false)} /> : null}
        {accounts === null || forgotten ? null : (
          <form className="sign-in__form" onSubmit={submit}>
            {creating ? (
              <label className="sign-in__field">
                <span>Name</span>
                <input name="name" autoComplete="name" required maxLength={100} />
              </label>
            ) : null}
            <label className="sign-in__field">
              <span>Email</span>
              <input name="email" type="email" autoComplete="email" required />
            </label>
            {/* A new password is checked against the server's rules, shown under the field; signing in checks none. */}
            <PasswordField
              label="Password"
              name="password"
              rules={creating ? accounts.passwordRules : undefined}
              autoComplete={creating ? 'new-password' : 'current-password'}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {creating ? 'Create account' : 'Sign in'}
            </button>
            {accounts.signUp ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setCreating(!creating);
                  setProblem(undefined);
                }}
              >
                {creating ? 'I have an account' : 'Create an account'}
              </button>
            ) : null}
            {accounts.passwordReset && !creating ? (
              <button
                type="button"
                className="sign-in__forgot"
                onClick={() => {
                  setForgotten(true);
                  setProblem(undefined);
                }}
              >
                Forgot your password?
              </button>
            ) : null}
          </form>
        )}
        {openIdConnect === null || forgotten ? null : (
          <button
            type="button"
            className="button button--secondary sign-in__provider"
            disabled={busy}
            onClick={() =>
              void attempt(() => signInWithOpenIdConnect({ providerId: openIdConnect.providerId }))
            }
          >
            Sign in with {openIdConnect.name}
          </button>
        )}
      </div>
    </main>
  );
}
