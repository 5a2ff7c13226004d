import { z } from 'zod';

export const dashboardTimeRangePresets = ['1h', '24h', '7d'] as const;

const longestCustomRangeMs = 90 * 86_400_000;

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO date-time');

/** A dashboard time range: a preset ending now, or custom bounds (at most 90 days). */
export const dashboardTimeRangeSchema = z.union([
  z.strictObject({ preset: z.enum(dashboardTimeRangePresets) }),
  z
    .strictObject({ since: isoTime, until: isoTime })
    .refine(({ since, until }) => Date.parse(since) < Date.parse(until), 'since must be before until')
    .refine(
      ({ since, until }) => Date.parse(until) - Date.parse(since) <= longestCustomRangeMs,
      'a custom range spans at most 90 days',
    ),
]);

export type DashboardTimeRange = z.infer<typeof dashboardTimeRangeSchema>;
