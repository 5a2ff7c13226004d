import { describe, expect, it } from 'vitest';
import { createWidgetEventReporter, widgetEventDetailLimit } from './widget-event-reporter.ts';

describe('createWidgetEventReporter', () => {
  it('POSTs the event as JSON to the telemetry route', async () => {
    const calls: Array<{ input: string; init: RequestInit }> = [];
    const report = createWidgetEventReporter({
      fetch: async (input, init) => {
        calls.push({ input, init });
        return new Response(null, { status: 201 });
      },
    });
    await report({ threadId: 't1', widgetId: 'w1', kind: 'navigation_blocked', detail: 'left /frame' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toBe('/api/telemetry/widget-events');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      threadId: 't1',
      widgetId: 'w1',
      kind: 'navigation_blocked',
      detail: 'left /frame',
    });
  });

  it('POSTs under the base URL the server is mounted at', async () => {
    const inputs: string[] = [];
    const report = createWidgetEventReporter({
      fetch: async (input) => {
        inputs.push(input);
        return new Response(null, { status: 201 });
      },
    });
    await report({ threadId: 't1', widgetId: 'w1', kind: 'rendered', detail: '' }, { baseUrl: '/ai/' });
    expect(inputs).toEqual(['/ai/api/telemetry/widget-events']);
  });

  it('cuts the detail to the length the server accepts', async () => {
    let body = '';
    const report = createWidgetEventReporter({
      fetch: async (_input, init) => {
        body = String(init.body);
        return new Response(null, { status: 201 });
      },
    });
    await report({ threadId: 't', widgetId: 'w', kind: 'error', detail: 'x'.repeat(5000) });
    expect(JSON.parse(body).detail).toHaveLength(widgetEventDetailLimit);
  });

  it('swallows a failed request', async () => {
    const report = createWidgetEventReporter({
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    await expect(report({ threadId: 't', widgetId: 'w', kind: 'rendered', detail: '' })).resolves.toBe(
      undefined,
    );
  });
});
