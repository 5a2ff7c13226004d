import { z } from 'zod';
import { identifierPattern } from './identifier-pattern.ts';

/** What a frame host reports about a widget's life, for the dashboard and the security record. */
export const widgetEventKinds = [
  'rendered',
  'error',
  'csp_violation',
  'navigation_blocked',
  'unresponsive',
  'released',
] as const;

export type WidgetEventKind = (typeof widgetEventKinds)[number];

const identifierSchema = z
  .string()
  .regex(identifierPattern, 'ids are 1-128 characters of A-Z, a-z, 0-9, _ and -');

/** Body of `POST /api/telemetry/widget-events`. */
export const widgetEventInputSchema = z.strictObject({
  threadId: identifierSchema,
  widgetId: identifierSchema,
  kind: z.enum(widgetEventKinds),
  detail: z.string().max(2000).default(''),
});

export type WidgetEventInput = z.infer<typeof widgetEventInputSchema>;

/** A recorded widget event. */
export const widgetEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  threadId: z.string(),
  widgetId: z.string(),
  kind: z.enum(widgetEventKinds),
  detail: z.string(),
});

export type WidgetEvent = z.infer<typeof widgetEventSchema>;
