import type { ThreadKind } from '@drawbridge/protocol';
import './thread-unavailable.css';

/** Why the chat cannot show the thread its URL names. */
export type UnavailableThread = { reason: 'missing' } | { reason: 'elsewhere'; kind: ThreadKind };

/**
 * Stands where the transcript would, for a chat link that leads nowhere: a thread that does not exist or is
 * another user's (one answer for both, so a link says nothing about someone else's chats), or the dashboard
 * assistant's conversation, which opens beside the dashboard it drives. Always with a way back.
 */
export function ThreadUnavailable({ thread, onNewChat }: { thread: UnavailableThread; onNewChat(): void }) {
  const onDashboard = thread.reason === 'elsewhere' && thread.kind === 'dashboard';
  return (
    <section className="thread-unavailable" aria-labelledby="thread-unavailable-title">
      <div className="thread-unavailable__mark" aria-hidden="true" />
      <h2 id="thread-unavailable-title">
        {onDashboard ? 'This conversation is on the dashboard' : 'This chat doesn’t exist or isn’t yours'}
      </h2>
      <p>
        {onDashboard
          ? 'It is the dashboard assistant’s conversation, so it opens beside the dashboard it reads and drives.'
          : 'The link may be mistyped, or the chat was deleted. Your own chats are in the list.'}
      </p>
      <div className="thread-unavailable__actions">
        {onDashboard && (
          <a className="button button--primary" href="#/dashboard/overview">
            Open the dashboard
          </a>
        )}
        <button
          type="button"
          className={onDashboard ? 'button button--secondary' : 'button button--primary'}
          onClick={onNewChat}
        >
          Start a new chat
        </button>
      </div>
    </section>
  );
}
