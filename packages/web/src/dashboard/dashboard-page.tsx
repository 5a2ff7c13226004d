import { type DashboardPage as DashboardPageName, dashboardPages } from '@drawbridge/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '../theme/use-theme.ts';
import { DashboardAgentPanel } from './dashboard-agent-panel.tsx';
import type { DashboardController } from './dashboard-controller.ts';
import { dashboardFigures, describeFigures } from './dashboard-figures.ts';
import { DashboardPageContent } from './dashboard-page-content.tsx';
import {
  type DashboardView,
  dashboardHash,
  dashboardPageTitles,
  defaultDashboardView,
  viewFromHash,
} from './dashboard-view.ts';
import { TimeRangePicker } from './time-range-picker.tsx';
import { useDashboardData } from './use-dashboard-data.ts';
import './dashboard.css';

/** Keeps the view in the URL hash (`#/dashboard/<page>?preset=24h`), so a reload or a shared link shows the same. */
function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  const [view, setViewState] = useState<DashboardView>(
    () => viewFromHash(window.location.hash) ?? defaultDashboardView,
  );
  useEffect(() => {
    const wanted = dashboardHash(view);
    if (window.location.hash !== wanted) history.replaceState(null, '', wanted);
  }, [view]);
  useEffect(() => {
    const handleHashChange = () => {
      const next = viewFromHash(window.location.hash);
      if (next) setViewState(next);
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
  }, []);
  const setView = useCallback((next: DashboardView) => {
    // A new history entry per change, so Back returns to the previous page or range.
    history.pushState(null, '', dashboardHash(next));
    setViewState(next);
  }, []);
  return [view, setView];
}

const refreshedFormat = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The dashboard about Drawbridge itself: KPI tiles, charts, runs and the audit log, with its agent beside it.
 * It applies the user's theme itself (the chat, which usually does, is not mounted here); charts follow
 * `<html data-theme>`.
 */
/** The width below which the dashboard takes the phone layout (dashboard.css uses the same). */
const phoneLayoutQuery = '(max-width: 760px)';

export function DashboardPage() {
  useTheme();
  const [view, setView] = useDashboardView();
  const [refreshKey, setRefreshKey] = useState(0);
  // On a phone the assistant would take half the screen from the dashboard: there it opens on request.
  const [agentOpen, setAgentOpen] = useState(() => !window.matchMedia(phoneLayoutQuery).matches);
  const data = useDashboardData(view.range, refreshKey);
  const loaded = data.phase === 'loaded' ? data : data.phase === 'loading' ? data.previous : undefined;

  // The controller is handed to the agent's registry once; it reads the latest state through refs.
  const viewRef = useRef(view);
  viewRef.current = view;
  const loadedRef = useRef(loaded);
  loadedRef.current = data.phase === 'loaded' ? data : undefined;
  const controller = useMemo<DashboardController>(
    () => ({
      view: () => viewRef.current,
      navigate: (page) => setView({ ...viewRef.current, page }),
      setTimeRange: (range) => setView({ ...viewRef.current, range }),
      refresh: () => setRefreshKey((key) => key + 1),
      figures: () => (loadedRef.current ? describeFigures(dashboardFigures(loadedRef.current)) : undefined),
    }),
    [setView],
  );

  return (
    <div className="dashboard-layout" data-agent-open={agentOpen ? 'true' : undefined}>
      <main className="dashboard" aria-label="Dashboard">
        <header className="dashboard__header">
          <div className="dashboard__heading">
            <a className="dashboard__back" href="#/">
              ← Chat
            </a>
            <h1 className="dashboard__title">Dashboard</h1>
            <span className="dashboard__subtitle">
              {loaded ? `Updated ${refreshedFormat.format(loaded.loadedAt)}` : 'Loading…'}
            </span>
            {loaded?.runs.includesSample && (
              <span
                className="sample-badge"
                title='Runs of the "sample-data" model, loaded by npx drawbridge sample-data'
              >
                includes sample data
              </span>
            )}
          </div>
          <div className="dashboard__controls">
            <TimeRangePicker range={view.range} onChange={(range) => setView({ ...view, range })} />
            <button
              type="button"
              className="button button--secondary dashboard__refresh"
              onClick={() => setRefreshKey((key) => key + 1)}
              aria-busy={data.phase === 'loading'}
            >
              <svg
                viewBox="0 0 16 16"
                width="14"
                height="14"
                aria-hidden="true"
                data-spinning={data.phase === 'loading'}
              >
                <path
                  d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              Refresh
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={agentOpen}
              onClick={() => setAgentOpen((open) => !open)}
            >
              Assistant
            </button>
          </div>
        </header>
        <nav className="dashboard-tabs" aria-label="Dashboard pages">
          {dashboardPages.map((page: DashboardPageName) => (
            <a
              key={page}
              className="dashboard-tabs__tab"
              href={dashboardHash({ ...view, page })}
              aria-current={page === view.page ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setView({ ...view, page });
              }}
            >
              {dashboardPageTitles[page]}
            </a>
          ))}
        </nav>
        <div className="dashboard__body" aria-busy={data.phase === 'loading'}>
          {data.phase === 'failed' && (
            <p className="dashboard-failure" role="alert">
              {data.message}
            </p>
          )}
          {loaded ? (
            <DashboardPageContent
              view={view}
              data={loaded}
              refreshKey={refreshKey}
              onShowWeek={() => setView({ ...view, range: { preset: '7d' } })}
            />
          ) : (
            data.phase === 'loading' && (
              <div className="dashboard-loading db-shimmer" role="status">
                <span className="visually-hidden">Loading the dashboard…</span>
              </div>
            )
          )}
        </div>
      </main>
      {agentOpen && <DashboardAgentPanel controller={controller} view={view} />}
    </div>
  );
}
