import type { DashboardControlArgs, ToolResult } from '@drawbridge/protocol';
import {
  type DashboardView,
  dashboardPageTitles,
  describeTimeRange,
  sameTimeRange,
} from './dashboard-view.ts';

/** The live dashboard as its agent sees it: read the view, change it, and the figures now on screen. */
export interface DashboardController {
  view(): DashboardView;
  navigate(page: DashboardView['page']): void;
  setTimeRange(range: DashboardView['range']): void;
  refresh(): void;
  /** The headline figures on screen ("runs 42, tokens in 12,400 …"), or undefined while they load. */
  figures(): string | undefined;
}

const pageName = (page: DashboardView['page']) => `the ${dashboardPageTitles[page].toLowerCase()} page`;

/** Executes one `dashboard_control` operation in the browser and says, for the model, what the user now sees. */
export function executeDashboardControl(
  args: DashboardControlArgs,
  controller: DashboardController,
): ToolResult {
  const before = controller.view();
  switch (args.operation) {
    case 'read': {
      const figures = controller.figures();
      return {
        status: 'rendered',
        message:
          `The user is on ${pageName(before.page)}, showing ${describeTimeRange(before.range)}` +
          (figures ? `: ${figures}.` : '; its figures are still loading.'),
      };
    }
    case 'navigate': {
      if (args.page === before.page) {
        return {
          status: 'rendered',
          message: `The dashboard already shows ${pageName(args.page)} (${describeTimeRange(before.range)}); nothing changed.`,
        };
      }
      controller.navigate(args.page);
      return {
        status: 'rendered',
        message: `Navigated from ${pageName(before.page)} to ${pageName(args.page)}; it shows ${describeTimeRange(before.range)}.`,
      };
    }
    case 'set_time_range': {
      if (sameTimeRange(args.range, before.range)) {
        return {
          status: 'rendered',
          message: `The dashboard already shows ${describeTimeRange(before.range)}; nothing changed.`,
        };
      }
      controller.setTimeRange(args.range);
      return {
        status: 'rendered',
        message: `Changed the time range from ${describeTimeRange(before.range)} to ${describeTimeRange(args.range)} on ${pageName(before.page)}.`,
      };
    }
    case 'refresh': {
      controller.refresh();
      return {
        status: 'rendered',
        message: `Refreshed ${pageName(before.page)} for ${describeTimeRange(before.range)}; the figures reload now.`,
      };
    }
  }
}
