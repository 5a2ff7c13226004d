import { isWidgetPartEvent, type RunEvent, type WidgetPartValue } from '@drawbridge/protocol';

/** The widget part a `drawbridge.widget` CUSTOM event carries; undefined for any other event. */
export function readWidgetPart(event: RunEvent): WidgetPartValue | undefined {
  return isWidgetPartEvent(event) ? event.value : undefined;
}
