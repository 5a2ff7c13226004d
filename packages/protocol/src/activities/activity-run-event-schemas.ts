import { ActivityDeltaEventSchema, ActivitySnapshotEventSchema } from '@ag-ui/core/schemas';
import { z } from 'zod';
import {
  type ActivityDeltaRunEvent,
  type ActivitySnapshotRunEvent,
  drawbridgeActivitySchema,
} from './drawbridge-activities.ts';

function reportAt(context: z.core.$RefinementCtx, field: string, error: z.ZodError): void {
  for (const issue of error.issues) {
    context.addIssue({ ...issue, path: [field, ...issue.path] } as z.core.$ZodRawIssue);
  }
}

/**
 * Any ACTIVITY_SNAPSHOT. Our activity types (`drawbridgeActivitySchemas`) must carry their typed `content`,
 * checked once and reported at its exact path (`content.parts.0.part`); other types pass as they are.
 */
export const activitySnapshotRunEventSchema = ActivitySnapshotEventSchema.transform(
  (event, context): ActivitySnapshotRunEvent => {
    const schemas = drawbridgeActivitySchema(event.activityType);
    if (schemas === undefined) return event;
    const content = schemas.content.safeParse(event.content);
    if (content.success) return { ...event, content: content.data } as ActivitySnapshotRunEvent;
    reportAt(context, 'content', content.error);
    return z.NEVER;
  },
);

/**
 * Any ACTIVITY_DELTA. For our activity types each operation of `patch` must be one the type declares (the
 * changes our server makes), reported at its exact path (`patch.0.path`); other types pass as they are.
 */
export const activityDeltaRunEventSchema = ActivityDeltaEventSchema.transform(
  (event, context): ActivityDeltaRunEvent => {
    const schemas = drawbridgeActivitySchema(event.activityType);
    if (schemas === undefined) return event;
    const patch = schemas.patch.safeParse(event.patch);
    if (patch.success) return { ...event, patch: patch.data } as ActivityDeltaRunEvent;
    reportAt(context, 'patch', patch.error);
    return z.NEVER;
  },
);
