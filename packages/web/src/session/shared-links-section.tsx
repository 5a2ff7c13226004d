import { fetchShares, revokeShare } from '@drawbridge/react';
import { useId } from 'react';
import { useServerList } from '../components/use-server-list.ts';
import { ProblemNote } from './problem-note.tsx';

const madeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Every read-only link the user made, of every chat: what each shows, when it was made, and Revoke. */
export function SharedLinksSection() {
  const { items: shares, problem, busy, change } = useServerList(fetchShares);
  const headingId = useId();

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Shared links</h2>
      <p className="account-card__intro">
        Each link shows a read-only copy of a chat or a widget, as it was when you shared it, to anyone who
        has it. Revoking one stops it at once; deleting a chat ends its links too. “Share…” in a chat’s menu
        makes a new one.
      </p>
      <ProblemNote problem={problem} />
      {shares === undefined ? (
        <p className="account-card__intro">Loading your links…</p>
      ) : shares.length === 0 ? (
        <p className="account-card__intro">You have not shared anything.</p>
      ) : (
        <ul className="api-tokens__list" aria-label="Your shared links">
          {shares.map((share) => (
            <li key={share.id} className="api-tokens__row">
              <div className="api-tokens__row-text">
                <a className="api-tokens__name shared-links__title" href={`#/t/${share.threadId}`}>
                  {share.widgetId === null ? share.title : `Widget: ${share.title}`}
                </a>
                <span className="api-tokens__created">
                  {share.widgetId === null ? 'Whole chat' : 'One widget'} · made{' '}
                  {madeFormat.format(new Date(share.createdAt))}
                </span>
              </div>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                aria-label={`Revoke the link to ${share.title}`}
                onClick={() => change(() => revokeShare({ shareId: share.id }))}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
