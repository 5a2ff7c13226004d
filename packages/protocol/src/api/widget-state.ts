import { z } from 'zod';
import { widgetStateProblem } from '../widget-limits.ts';

/** A widget's state as it travels: a JSON object of at most `widgetStateLimits.maxCharacters` as JSON text. */
export const widgetStateSchema = z.record(z.string(), z.json()).superRefine((state, context) => {
  const problem = widgetStateProblem(JSON.stringify(state));
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
});

export type WidgetState = z.infer<typeof widgetStateSchema>;

/** `PUT /api/threads/:threadId/widgets/:lineageId/state` body: the whole state, replacing the last one. */
export const putWidgetStateBodySchema = z.strictObject({ state: widgetStateSchema });

/** One widget's stored state: every revision of the widget (its lineage) shares it. */
export const storedWidgetStateSchema = z.object({
  /** The id of the widget's first revision (`widgetLineageId`). */
  lineageId: z.string(),
  state: widgetStateSchema,
  updatedAt: z.string(),
});

export type StoredWidgetState = z.infer<typeof storedWidgetStateSchema>;
