import type { PasswordRules } from '@drawbridge/protocol';
import { ApiError, resetPassword } from '@drawbridge/react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../components/error-message.ts';
import { PasswordField } from './password-field.tsx';
import { ProblemNote } from './problem-note.tsx';

/** What a refused reset means to the person holding the link. */
function describeResetFailure(error: unknown): string {
  if (ApiError.isInstance(error) && error.code === 'invalid_token') {
    return 'This link has expired or was already used. Ask for a new one from the sign-in page.';
  }
  return errorMessage(error);
}

/** Where a password-reset mail's link lands: choose the new password, once. */
export function ResetPasswordPage({
  token,
  rules,
  onDone,
}: {
  token: string;
  rules: PasswordRules;
  /** Leaves the page (the link's hash is dropped) for the sign-in page or the app. */
  onDone(): void;
}) {
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const headingId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('repeatPassword') ?? '')) {
      setProblem('The two passwords differ; type the same one twice.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    resetPassword({ token, newPassword }).then(
      () => setDone(true),
      (error: unknown) => {
        setProblem(describeResetFailure(error));
        setBusy(false);
      },
    );
  };

  return (
    <main className="sign-in" aria-labelledby={headingId}>
      <div className="sign-in__card">
        <div className="sign-in__brand">
          <span className="sidebar__logo" aria-hidden="true" />
          <span>Drawbridge</span>
        </div>
        <h1 id={headingId} className="sign-in__title">
          {done ? 'Password changed' : 'Choose a new password'}
        </h1>
        {done ? (
          <>
            <p className="sign-in__notice" role="status">
              Your new password is set. Every session of your account was signed out; sign in with the new
              password. API tokens keep working: revoke any you do not recognise on your Account page.
            </p>
            <button type="button" className="button button--primary" onClick={onDone}>
              Sign in
            </button>
          </>
        ) : (
          <form className="sign-in__form" onSubmit={submit}>
            <ProblemNote problem={problem} />
            <PasswordField
              label="New password"
              name="newPassword"
              rules={rules}
              autoComplete="new-password"
            />
            <PasswordField
              label="Repeat the new password"
              name="repeatPassword"
              autoComplete="new-password"
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              Set password
            </button>
            <button type="button" className="button button--secondary" onClick={onDone}>
              Cancel
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
