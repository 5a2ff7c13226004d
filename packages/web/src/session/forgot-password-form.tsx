import { requestPasswordReset } from '@drawbridge/react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../components/error-message.ts';
import { ProblemNote } from './problem-note.tsx';

/**
 * Asks for a reset link by mail. The server answers the same for any address, so the page says the same:
 * whether an account uses it is for the mailbox to learn, not this page.
 */
export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setProblem(undefined);
    requestPasswordReset({ email })
      .then(
        () => setSentTo(email),
        (error: unknown) => setProblem(errorMessage(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="sign-in__form" onSubmit={submit}>
      <ProblemNote problem={problem} />
      {sentTo === undefined ? (
        <p className="sign-in__hint">
          Enter the address you sign in with; we will mail you a link to choose a new password.
        </p>
      ) : (
        <p className="sign-in__notice" role="status">
          If an account uses {sentTo}, a link to reset its password is on its way. It works once, within an
          hour.
        </p>
      )}
      <label className="sign-in__field">
        <span>Email</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {sentTo === undefined ? 'Email me a link' : 'Send another link'}
      </button>
      <button type="button" className="button button--secondary" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
