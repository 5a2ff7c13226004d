import { describe, expect, it } from 'vitest';
import { dashboardHash, describeTimeRange, viewFromHash } from './dashboard-view.ts';

describe('the dashboard view in the URL hash', () => {
  it('round-trips a page and a preset', () => {
    const view = { page: 'widgets', range: { preset: '7d' } } as const;
    expect(dashboardHash(view)).toBe('#/dashboard/widgets?preset=7d');
    expect(viewFromHash(dashboardHash(view))).toEqual(view);
  });

  it('round-trips custom bounds', () => {
    const view = {
      page: 'audit',
      range: { since: '2026-03-03T09:00:00.000Z', until: '2026-03-04T09:00:00.000Z' },
    } as const;
    expect(viewFromHash(dashboardHash(view))).toEqual(view);
  });

  it('falls back to the overview and 24 hours for missing or bad parts', () => {
    expect(viewFromHash('#/dashboard')).toEqual({ page: 'overview', range: { preset: '24h' } });
    expect(viewFromHash('#/dashboard/secrets?preset=forever')).toEqual({
      page: 'overview',
      range: { preset: '24h' },
    });
    expect(viewFromHash('#/dashboard/runs?since=2026-03-04T00:00:00Z&until=2026-03-03T00:00:00Z')).toEqual({
      page: 'runs',
      range: { preset: '24h' },
    });
  });

  it('is not a dashboard route for other hashes', () => {
    expect(viewFromHash('#/threads/abc')).toBeUndefined();
    expect(viewFromHash('')).toBeUndefined();
  });

  it('describes ranges in words', () => {
    expect(describeTimeRange({ preset: '1h' })).toBe('the last hour');
    expect(describeTimeRange({ since: '2026-03-03T09:00:00', until: '2026-03-04T09:30:00' })).toBe(
      'Mar 3, 09:00 – Mar 4, 09:30',
    );
  });
});
