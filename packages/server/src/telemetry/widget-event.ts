/** The widget event shapes are the telemetry route's wire schema in protocol; the store speaks of them by these names. */
export type { WidgetEvent, WidgetEventInput, WidgetEventKind } from '@drawbridge/protocol';
