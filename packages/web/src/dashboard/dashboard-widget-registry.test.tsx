import { dashboardToolDefinitions, renderToolDefinitions } from '@drawbridge/protocol';
import { renderStoredWidget, WidgetProblem } from '@drawbridge/react';
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { chatWidgetRegistry } from '../render-tools/widget-registry.tsx';
import type { DashboardController } from './dashboard-controller.ts';
import { createDashboardWidgetRegistry } from './dashboard-widget-registry.tsx';

function recordingController() {
  const calls: string[] = [];
  const controller: DashboardController = {
    view: () => ({ page: 'overview', range: { preset: '24h' } }),
    navigate: (page) => calls.push(`navigate ${page}`),
    setTimeRange: () => calls.push('range'),
    refresh: () => calls.push('refresh'),
    figures: () => undefined,
  };
  return { controller, calls };
}

/** What a stored call of the dashboard's agent holds, as the server stored it (issue 36, item 2). */
const storedDashboardCalls = [
  { tool: 'dashboard_control', args: { operation: 'navigate', page: 'widgets' } },
  { tool: 'dashboard_control', args: { operation: 'set_time_range', range: { preset: '7d' } } },
  { tool: 'render_chart', args: { metric: 'tokens' } },
];

function isProblem(node: unknown): boolean {
  return isValidElement(node) && (node as ReactElement).type === WidgetProblem;
}

describe("the dashboard panel's registry", () => {
  it("is the protocol's dashboard tool list, as the chat's registry is the chat's list", () => {
    const { controller } = recordingController();
    const registry = createDashboardWidgetRegistry({ controller });
    expect([...registry.keys()]).toEqual(dashboardToolDefinitions.map((definition) => definition.name));
    for (const definition of dashboardToolDefinitions) {
      expect(registry.get(definition.name)?.ack).toBe(definition.ack);
    }
    expect([...chatWidgetRegistry.keys()]).toEqual(
      renderToolDefinitions.map((definition) => definition.name),
    );
  });

  it('draws every stored call of the dashboard agent again, and does none of them again', () => {
    const { controller, calls } = recordingController();
    const registry = createDashboardWidgetRegistry({ controller, metricNames: ['runs', 'tokens'] });
    for (const call of storedDashboardCalls) {
      expect(isProblem(renderStoredWidget(call, { registry })), call.tool).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it("cannot be stood in for by the chat's: the same name is another tool there", () => {
    // Why a thread keeps its agent's kind: the chat's `render_chart` wants a titled chart of labelled series.
    const [navigate, , chart] = storedDashboardCalls;
    expect(isProblem(renderStoredWidget(navigate!, { registry: chatWidgetRegistry }))).toBe(true);
    expect(isProblem(renderStoredWidget(chart!, { registry: chatWidgetRegistry }))).toBe(true);
  });
});
