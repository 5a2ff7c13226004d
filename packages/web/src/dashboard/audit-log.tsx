import type { AuditEntry, DashboardTimeRange } from '@drawbridge/protocol';
import { ApiError } from '@drawbridge/react';
import { useEffect, useId, useState } from 'react';
import { type AuditFilter, fetchAuditEntries } from './dashboard-api.ts';
import { describeTimeRange } from './dashboard-view.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type AuditState =
  | { phase: 'loading' }
  | { phase: 'loaded'; entries: AuditEntry[] }
  | { phase: 'failed'; message: string };

/** Every governed tool call of the range, filterable by tool and outcome. */
export function AuditLog({
  range,
  refreshKey,
  toolNames,
}: {
  range: DashboardTimeRange;
  refreshKey: number;
  /** Tool names seen in the range (from the tool-calls metric), offered in the tool filter. */
  toolNames: readonly string[];
}) {
  const filterId = useId();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [state, setState] = useState<AuditState>({ phase: 'loading' });
  const requestKey = JSON.stringify([range, filter]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: range and filter are compared by value through `requestKey`.
  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchAuditEntries(range, filter, controller.signal).then(
      (entries) => setState({ phase: 'loaded', entries }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', message: ApiError.isInstance(error) ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [requestKey, refreshKey]);

  return (
    <section className="dashboard-panel" aria-labelledby={`${filterId}-title`}>
      <header className="dashboard-panel__header">
        <h2 className="dashboard-panel__title" id={`${filterId}-title`}>
          Audit log
        </h2>
        <div className="audit-filters">
          <label className="audit-filters__field">
            <span>Tool</span>
            <select
              value={filter.tool ?? ''}
              onChange={(event) =>
                setFilter((current) => ({ ...current, tool: event.target.value || undefined }))
              }
            >
              <option value="">All tools</option>
              {toolNames.map((tool) => (
                <option key={tool} value={tool}>
                  {tool}
                </option>
              ))}
            </select>
          </label>
          <label className="audit-filters__field">
            <span>Outcome</span>
            <select
              value={filter.outcome ?? ''}
              onChange={(event) =>
                setFilter((current) => ({
                  ...current,
                  outcome: (event.target.value || undefined) as AuditFilter['outcome'],
                }))
              }
            >
              <option value="">All outcomes</option>
              <option value="ok">ok</option>
              <option value="error">error</option>
              <option value="refused">refused</option>
            </select>
          </label>
        </div>
      </header>
      {state.phase === 'failed' && (
        <p className="dashboard-failure" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'loaded' && state.entries.length === 0 && (
        <p className="dashboard-empty">
          No tool calls {filter.tool || filter.outcome ? 'match these filters ' : ''}in{' '}
          {describeTimeRange(range)}.
        </p>
      )}
      {(state.phase === 'loading' || (state.phase === 'loaded' && state.entries.length > 0)) && (
        <section
          className="dashboard-table__scroll"
          aria-labelledby={`${filterId}-title`}
          aria-busy={state.phase === 'loading'}
          // The table scrolls (tall, and wide on a phone): it takes focus so the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
          tabIndex={0}
        >
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Tool</th>
                <th scope="col">Outcome</th>
                <th scope="col">Reason</th>
                <th scope="col">Actor</th>
                <th scope="col" className="dashboard-table__number">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {state.phase === 'loaded' &&
                state.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="dashboard-table__time">{timeFormat.format(new Date(entry.at))}</td>
                    <td className="dashboard-table__mono">{entry.tool}</td>
                    <td>
                      <span className="status-pill" data-status={entry.outcome}>
                        {entry.outcome}
                      </span>
                    </td>
                    <td className="dashboard-table__reason" title={entry.reason ?? undefined}>
                      {entry.reason ?? '—'}
                    </td>
                    <td>{entry.actor}</td>
                    <td className="dashboard-table__number">{entry.durationMs} ms</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
