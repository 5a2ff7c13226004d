import type { RunListResponse } from '@drawbridge/protocol';
import { formatDuration } from './dashboard-figures.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const count = new Intl.NumberFormat('en-US');

/** The latest runs of the range, newest first: when, which model, how it ended, how long, how many tokens. */
export function RunsTable({ runs }: { runs: RunListResponse }) {
  return (
    <section className="dashboard-panel" aria-labelledby="runs-table-title">
      <header className="dashboard-panel__header">
        <h2 className="dashboard-panel__title" id="runs-table-title">
          Latest runs
        </h2>
        <span className="dashboard-panel__meta">
          {runs.runs.length < runs.total
            ? `newest ${count.format(runs.runs.length)} of ${count.format(runs.total)}`
            : `${count.format(runs.total)} ${runs.total === 1 ? 'run' : 'runs'}`}
        </span>
      </header>
      <section
        className="dashboard-table__scroll"
        aria-labelledby="runs-table-title"
        // The table scrolls (tall, and wide on a phone): it takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Model</th>
              <th scope="col">Status</th>
              <th scope="col" className="dashboard-table__number">
                Duration
              </th>
              <th scope="col" className="dashboard-table__number">
                Tokens in
              </th>
              <th scope="col" className="dashboard-table__number">
                Tokens out
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.runs.map((run) => (
              <tr key={run.id}>
                <td className="dashboard-table__time">{timeFormat.format(new Date(run.startedAt))}</td>
                <td className="dashboard-table__mono">{run.model}</td>
                <td>
                  <span className="status-pill" data-status={run.status} title={run.error ?? undefined}>
                    {run.status}
                  </span>
                </td>
                <td className="dashboard-table__number">
                  {formatDuration(run.endedAt ? Date.parse(run.endedAt) - Date.parse(run.startedAt) : null)}
                </td>
                <td className="dashboard-table__number">
                  {run.inputTokens === null ? '—' : count.format(run.inputTokens)}
                </td>
                <td className="dashboard-table__number">
                  {run.outputTokens === null ? '—' : count.format(run.outputTokens)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
