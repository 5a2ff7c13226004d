import { z } from 'zod';
import { widgetEventSchema } from './widget-event.ts';

/** `POST /api/telemetry/widget-events` → `201` with the event as recorded. */
export const recordWidgetEventResponseSchema = z.object({ event: widgetEventSchema });

export type RecordWidgetEventResponse = z.infer<typeof recordWidgetEventResponseSchema>;
