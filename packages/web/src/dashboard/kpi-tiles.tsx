import { type DashboardFigures, formatDuration } from './dashboard-figures.ts';

const count = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

interface Tile {
  label: string;
  value: string;
  detail: string;
  /** Marks the detail line when something went wrong; the number itself stays neutral to keep the row calm. */
  tone?: 'danger';
}

function tilesFor(figures: DashboardFigures): Tile[] {
  const widgetTotal = figures.widgetsRendered + figures.widgetsFailed;
  const failureShare = widgetTotal > 0 ? Math.round((figures.widgetsFailed / widgetTotal) * 100) : 0;
  return [
    {
      label: 'Runs',
      value: count.format(figures.runs),
      detail: figures.runErrors > 0 ? `${count.format(figures.runErrors)} ended in an error` : 'no errors',
      ...(figures.runErrors > 0 ? { tone: 'danger' as const } : {}),
    },
    {
      label: 'Tokens in / out',
      value: `${compact.format(figures.inputTokens)} / ${compact.format(figures.outputTokens)}`,
      detail: `${count.format(figures.inputTokens + figures.outputTokens)} in total`,
    },
    {
      label: 'Generation time p50',
      value: formatDuration(figures.generationP50Ms),
      detail: `p95 ${formatDuration(figures.generationP95Ms)} · ${figures.finishedRuns} finished runs`,
    },
    {
      label: 'Widgets rendered',
      value: count.format(figures.widgetsRendered),
      detail: `${count.format(figures.widgetsFailed)} failed${widgetTotal > 0 ? ` (${failureShare}%)` : ''}`,
      ...(figures.widgetsFailed > 0 ? { tone: 'danger' as const } : {}),
    },
    {
      label: 'Tool calls',
      value: count.format(figures.toolCalls),
      detail: 'render, dashboard and catalogue tools',
    },
    {
      label: 'Refused tool calls',
      value: count.format(figures.refusedToolCalls),
      detail: 'not granted, invalid, or over a limit',
      ...(figures.refusedToolCalls > 0 ? { tone: 'danger' as const } : {}),
    },
    {
      label: 'Parked-call timeouts',
      value: count.format(figures.parkedCallTimeouts),
      detail: 'browser did not answer in time',
      ...(figures.parkedCallTimeouts > 0 ? { tone: 'danger' as const } : {}),
    },
    {
      label: 'Hostile-widget blocks',
      value: count.format(figures.hostileWidgetBlocks),
      detail: 'CSP violations and blocked navigations',
      ...(figures.hostileWidgetBlocks > 0 ? { tone: 'danger' as const } : {}),
    },
  ];
}

/** The overview's headline numbers, one tile each. */
export function KpiTiles({ figures }: { figures: DashboardFigures }) {
  return (
    <ul className="kpi-tiles" aria-label="Key figures">
      {tilesFor(figures).map((tile) => (
        <li key={tile.label} className="kpi-tile" data-tone={tile.tone}>
          <span className="kpi-tile__label">{tile.label}</span>
          <span className="kpi-tile__value">{tile.value}</span>
          <span className="kpi-tile__detail">{tile.detail}</span>
        </li>
      ))}
    </ul>
  );
}
