import type { ApiToken, CreateApiTokenResponse } from '@drawbridge/protocol';
import { createApiToken, fetchApiTokens, revokeApiToken } from '@drawbridge/react';
import { type FormEvent, useId, useState } from 'react';
import { useCopyFeedback } from '../components/use-copy-feedback.ts';
import { useServerList } from '../components/use-server-list.ts';
import { ProblemNote } from './problem-note.tsx';

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A token's secret, in the one answer that holds it: shown until the user says they kept it. */
function NewTokenSecret({ created, onDismiss }: { created: CreateApiTokenResponse; onDismiss(): void }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <div className="api-tokens__secret" role="status">
      <p>
        <strong>Copy the token “{created.token.name}” now:</strong> it is not shown again. A program sends it
        as <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <input
        className="api-tokens__secret-value"
        readOnly
        value={created.secret}
        aria-label="The new token"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="api-tokens__row-actions">
        <button type="button" className="button button--primary" onClick={() => copy(created.secret)}>
          {copied === 'copied' ? 'Copied' : copied === 'refused' ? 'Select it and copy' : 'Copy'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          I have kept it
        </button>
      </div>
    </div>
  );
}

/** The user's API tokens: make one (its secret shown once), see them, revoke one. */
export function ApiTokensSection() {
  const { items: tokens, problem, busy, change } = useServerList(fetchApiTokens);
  const [created, setCreated] = useState<CreateApiTokenResponse | undefined>();
  const [confirming, setConfirming] = useState<string | undefined>();
  const headingId = useId();

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('tokenName') ?? '').trim();
    change(async () => {
      setCreated(await createApiToken({ name }));
      form.reset();
    });
  };

  const revoke = (token: ApiToken) =>
    change(async () => {
      await revokeApiToken({ tokenId: token.id });
      setConfirming(undefined);
      if (created?.token.id === token.id) setCreated(undefined);
    });

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>API tokens</h2>
      <p className="account-card__intro">
        A token lets a program — an AG-UI client, a script — act as you. Revoking one stops it at once.
      </p>
      <ProblemNote problem={problem} />
      {created === undefined ? null : (
        <NewTokenSecret created={created} onDismiss={() => setCreated(undefined)} />
      )}
      <form className="api-tokens__create" onSubmit={create}>
        <label className="sign-in__field">
          <span>Token name</span>
          <input
            name="tokenName"
            required
            maxLength={100}
            placeholder="e.g. laptop agent"
            autoComplete="off"
          />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          Create token
        </button>
      </form>
      {tokens === undefined ? (
        <p className="account-card__intro">Loading your tokens…</p>
      ) : tokens.length === 0 ? (
        <p className="account-card__intro">You have no API tokens.</p>
      ) : (
        <ul className="api-tokens__list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="api-tokens__row">
              <div className="api-tokens__row-text">
                <span className="api-tokens__name">{token.name}</span>
                <span className="api-tokens__created">
                  Created {createdFormat.format(new Date(token.createdAt))}
                </span>
              </div>
              {confirming === token.id ? (
                <div className="api-tokens__row-actions">
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={busy}
                    onClick={() => revoke(token)}
                  >
                    Revoke “{token.name}”
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setConfirming(undefined)}
                  >
                    Keep
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => setConfirming(token.id)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
