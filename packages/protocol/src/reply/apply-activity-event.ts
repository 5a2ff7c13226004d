import { applyJsonPatch } from '../activities/apply-json-patch.ts';
import type { ActivityRunEvent } from '../activities/drawbridge-activities.ts';
import { EventType } from '../run-events.ts';
import type { ReplyActivity } from './reply-message.ts';

/**
 * Folds an activity event into the activity message it names, as a stock AG-UI client does: a snapshot sets
 * the content (unless `replace` is false and the activity exists), a delta applies its JSON Patch. Returns the
 * activity given when nothing changes — a delta for an activity not seen, or a patch that does not apply
 * (applied whole or not at all) — and never changes it.
 */
export function applyActivityEvent(
  activity: ReplyActivity | undefined,
  event: ActivityRunEvent,
): ReplyActivity | undefined {
  if (event.type === EventType.ACTIVITY_SNAPSHOT) {
    if (activity !== undefined && event.replace === false) return activity;
    return { id: event.messageId, activityType: event.activityType, content: event.content };
  }
  if (activity === undefined) return undefined;
  const result = applyJsonPatch(activity.content, event.patch);
  const content = result.success ? result.document : undefined;
  // A patch that leaves no object (a root `replace` with a string) is no activity content: nothing changes.
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return activity;
  return { ...activity, activityType: event.activityType, content: content as Record<string, unknown> };
}
