import { describe, expect, it } from 'vitest';
import { type DashboardController, executeDashboardControl } from './dashboard-controller.ts';
import type { DashboardView } from './dashboard-view.ts';

function fakeController(figures: () => string | undefined = () => 'runs 42, widgets rendered 17') {
  let view: DashboardView = { page: 'overview', range: { preset: '24h' } };
  const calls: string[] = [];
  const controller: DashboardController = {
    view: () => view,
    navigate: (page) => {
      calls.push(`navigate ${page}`);
      view = { ...view, page };
    },
    setTimeRange: (range) => {
      calls.push(`range ${JSON.stringify(range)}`);
      view = { ...view, range };
    },
    refresh: () => calls.push('refresh'),
    figures,
  };
  return { controller, calls, view: () => view };
}

describe('executeDashboardControl', () => {
  it('reads the page, the range and the figures on screen without changing anything', () => {
    const { controller, calls } = fakeController();
    expect(executeDashboardControl({ operation: 'read' }, controller)).toEqual({
      status: 'rendered',
      message: 'The user is on the overview page, showing the last 24 hours: runs 42, widgets rendered 17.',
    });
    expect(calls).toEqual([]);
  });

  it('says so when the figures are still loading', () => {
    const { controller } = fakeController(() => undefined);
    expect(executeDashboardControl({ operation: 'read' }, controller).message).toBe(
      'The user is on the overview page, showing the last 24 hours; its figures are still loading.',
    );
  });

  it('navigates and says from where to where', () => {
    const { controller, view } = fakeController();
    expect(executeDashboardControl({ operation: 'navigate', page: 'widgets' }, controller).message).toBe(
      'Navigated from the overview page to the widgets page; it shows the last 24 hours.',
    );
    expect(view().page).toBe('widgets');
    expect(executeDashboardControl({ operation: 'navigate', page: 'widgets' }, controller).message).toContain(
      'already shows the widgets page',
    );
  });

  it('changes the time range to a preset or custom bounds', () => {
    const { controller, view } = fakeController();
    expect(
      executeDashboardControl({ operation: 'set_time_range', range: { preset: '7d' } }, controller).message,
    ).toBe('Changed the time range from the last 24 hours to the last 7 days on the overview page.');
    expect(view().range).toEqual({ preset: '7d' });
    const custom = { since: '2026-03-03T09:00:00', until: '2026-03-04T09:00:00' };
    expect(executeDashboardControl({ operation: 'set_time_range', range: custom }, controller).message).toBe(
      'Changed the time range from the last 7 days to Mar 3, 09:00 – Mar 4, 09:00 on the overview page.',
    );
    expect(
      executeDashboardControl({ operation: 'set_time_range', range: custom }, controller).message,
    ).toContain('nothing changed');
  });

  it('refreshes', () => {
    const { controller, calls } = fakeController();
    expect(executeDashboardControl({ operation: 'refresh' }, controller).message).toBe(
      'Refreshed the overview page for the last 24 hours; the figures reload now.',
    );
    expect(calls).toEqual(['refresh']);
  });
});
