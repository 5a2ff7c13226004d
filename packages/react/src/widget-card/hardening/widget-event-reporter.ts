import type { WidgetEventInput } from '@drawbridge/protocol';
import { apiUrl, type ServerLocation } from '../../api/api-url.ts';

export type { WidgetEventKind } from '@drawbridge/protocol';

/** One report, exactly the body `POST /api/telemetry/widget-events` accepts (`widgetEventInputSchema`). */
export type WidgetEventReport = WidgetEventInput;

/** The server caps `detail` at this many characters. */
export const widgetEventDetailLimit = 2000;

export const widgetEventsEndpoint = '/api/telemetry/widget-events';

/** Reports one event to the server at `baseUrl` (the page's own origin when it is left out). */
export type WidgetEventReporter = (report: WidgetEventReport, location?: ServerLocation) => Promise<void>;

/**
 * Returns a function that POSTs one widget event to the telemetry route (it feeds the dashboard
 * and the security record). Reporting is best effort: a failed report never reaches the user.
 */
export function createWidgetEventReporter({
  fetch: send = (input, init) => globalThis.fetch(input, init),
}: {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
} = {}): WidgetEventReporter {
  return async (report, { baseUrl } = {}) => {
    const body = JSON.stringify({ ...report, detail: report.detail.slice(0, widgetEventDetailLimit) });
    try {
      // keepalive lets the report outlive a page that is closing right after a widget misbehaved.
      await send(apiUrl(baseUrl, widgetEventsEndpoint), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: true,
      });
    } catch {
      // Telemetry must never break the transcript; an unreachable server only loses the record.
    }
  };
}

/** The reporter the widget card uses. */
export const reportWidgetEvent: WidgetEventReporter = createWidgetEventReporter();
