import { useState } from 'react';
import { accountHash } from './account-hash.ts';
import { useSession } from './session-context.ts';

/** Who is signed in (a link to their Account page), and Sign out; nothing on a local server, where nobody signs in. */
export function AccountControl() {
  const state = useSession();
  const [leaving, setLeaving] = useState(false);
  const user = state?.session.user;
  if (state === undefined || user === null || user === undefined || state.session.signIn.mode === 'local') {
    return null;
  }
  return (
    <div className="account">
      <a
        className="account__name account__link"
        href={accountHash}
        title={`Account: ${user.email ?? user.name}`}
      >
        {user.name}
        {user.isAdmin ? <span className="account__role"> · admin</span> : null}
      </a>
      {state.session.signIn.mode === 'sessions' ? (
        <button
          type="button"
          className="button button--secondary account__sign-out"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void state.signOut().finally(() => setLeaving(false));
          }}
        >
          Sign out
        </button>
      ) : null}
    </div>
  );
}
