import { EventType } from '@ag-ui/core';
import type { WidgetPart, WidgetRevision } from '../generated-widget.ts';
import type { WidgetRefusal } from '../widget-refusal.ts';
import type { DrawbridgeActivityDelta, DrawbridgeActivitySnapshot } from './drawbridge-activities.ts';

/** What one widget activity event brings: the parts it adds, in order, the revision and the refusal it sets. */
export interface WidgetActivityChanges {
  parts: WidgetPart[];
  revision?: WidgetRevision;
  refusal?: WidgetRefusal;
}

/**
 * The parts, revision and refusal a `drawbridge.widget` event carries — all of a snapshot's, or a delta's operations —
 * for a reader that follows a widget's progress rather than folding it (a terminal, the eval).
 */
export function widgetActivityChanges(
  event: DrawbridgeActivitySnapshot<'drawbridge.widget'> | DrawbridgeActivityDelta<'drawbridge.widget'>,
): WidgetActivityChanges {
  if (event.type === EventType.ACTIVITY_SNAPSHOT) return event.content;
  const changes: WidgetActivityChanges = { parts: [] };
  for (const operation of event.patch) {
    switch (operation.path) {
      case '/parts/-':
        changes.parts.push(operation.value);
        break;
      case '/revision':
        changes.revision = operation.value;
        break;
      case '/refusal':
        changes.refusal = operation.value;
        break;
    }
  }
  return changes;
}
