import type { PasswordRules } from '@drawbridge/protocol';
import { ApiError, changePassword, hasPassword } from '@drawbridge/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../components/error-message.ts';
import { PasswordField } from './password-field.tsx';
import { ProblemNote } from './problem-note.tsx';

/** What a refused change means to the person making it. */
function describeChangeFailure(error: unknown): string {
  if (ApiError.isInstance(error) && error.code === 'invalid_password') {
    return 'The current password is not right.';
  }
  return errorMessage(error);
}

/**
 * Change the password, knowing the current one. The server signs every other session out; a single-sign-on
 * user has no password here and is told where theirs lives.
 */
export function ChangePasswordSection({
  rules,
  providerName,
}: {
  rules: PasswordRules;
  providerName: string | null;
}) {
  const [usesPassword, setUsesPassword] = useState<boolean | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    hasPassword().then(setUsesPassword, (error: unknown) => setProblem(describeChangeFailure(error)));
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const newPassword = String(fields.get('newPassword') ?? '');
    setChanged(false);
    if (newPassword !== String(fields.get('repeatPassword') ?? '')) {
      setProblem('The two new passwords differ; type the same one twice.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    changePassword({ currentPassword: String(fields.get('currentPassword') ?? ''), newPassword })
      .then(
        () => {
          setChanged(true);
          form.reset();
        },
        (error: unknown) => setProblem(describeChangeFailure(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Password</h2>
      <ProblemNote problem={problem} />
      {changed ? (
        <p className="sign-in__notice" role="status">
          Password changed. Your other sessions were signed out; this one stays. API tokens keep working:
          revoke any you do not recognise below.
        </p>
      ) : null}
      {usesPassword === false ? (
        <p className="account-card__intro">
          You sign in with {providerName ?? 'single sign-on'}; your password is kept there, not here.
        </p>
      ) : usesPassword === true ? (
        <form className="account-card__form" onSubmit={submit}>
          <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" />
          <PasswordField label="New password" name="newPassword" rules={rules} autoComplete="new-password" />
          <PasswordField label="Repeat the new password" name="repeatPassword" autoComplete="new-password" />
          <p className="account-card__intro">Changing it signs you out everywhere else.</p>
          <button type="submit" className="button button--primary" disabled={busy}>
            Change password
          </button>
        </form>
      ) : null}
    </section>
  );
}
