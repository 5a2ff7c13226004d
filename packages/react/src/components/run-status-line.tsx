import { useEffect, useState } from 'react';
import type { RunStatus } from '../agent-run/run-status.ts';

function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/**
 * Elapsed time while a reply runs; what went wrong (with Retry) when it failed or was stopped, and after Stop,
 * Continue when there is a kept reply to go on with. Give it `snapshot.status` of `useAgentRun`,
 * `client.retry` as `onRetry` and `client.continue` as `onContinue`.
 */
export function RunStatusLine({
  status,
  canRetry,
  onRetry,
  canContinue = false,
  onContinue,
}: {
  status: RunStatus;
  canRetry: boolean;
  onRetry(): void;
  /** The reply was stopped with something kept: the model can be asked to go on from there. */
  canContinue?: boolean;
  onContinue?(): void;
}) {
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    if (status.phase !== 'running') {
      return;
    }
    const timer = window.setInterval(() => setNow(performance.now()), 100);
    return () => window.clearInterval(timer);
  }, [status.phase]);

  const announcement = {
    idle: '',
    running:
      status.phase === 'running' && status.reconnecting
        ? 'Connection lost, reconnecting'
        : 'Generating a reply',
    finished: 'Reply finished',
    stopped: 'Reply stopped',
    failed: 'The reply failed',
  }[status.phase];

  return (
    <div className="db-run-status">
      <span className="db-visually-hidden" aria-live="polite">
        {announcement}
      </span>
      {status.phase === 'running' && (
        <p className="db-run-status__running">
          <span className="db-run-status__pulse" aria-hidden="true" />
          {status.reconnecting ? 'Connection lost, reconnecting…' : 'Generating'}{' '}
          <span className="db-run-status__time">{formatSeconds(Math.max(0, now - status.startedAt))}</span>
        </p>
      )}
      {status.phase === 'finished' && (
        <p className="db-run-status__done">Finished in {formatSeconds(status.elapsedMs)}</p>
      )}
      {status.phase === 'stopped' && (
        <div className="db-run-status__problem db-run-status__problem--stopped">
          <p>Stopped after {formatSeconds(status.elapsedMs)}. What arrived so far is kept.</p>
          <span className="db-run-status__actions">
            {canContinue && onContinue && (
              <button type="button" className="db-run-status__retry" onClick={onContinue}>
                Continue
              </button>
            )}
            {canRetry && <RetryButton onRetry={onRetry} />}
          </span>
        </div>
      )}
      {status.phase === 'failed' && (
        <div className="db-run-status__problem" role="alert">
          <p>
            <strong>Something went wrong.</strong> {status.message}
          </p>
          {canRetry && <RetryButton onRetry={onRetry} />}
        </div>
      )}
    </div>
  );
}

function RetryButton({ onRetry }: { onRetry(): void }) {
  return (
    <button type="button" className="db-run-status__retry" onClick={onRetry}>
      Retry
    </button>
  );
}
