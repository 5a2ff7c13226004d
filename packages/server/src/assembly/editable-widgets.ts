import { groupWidgetLineages, widgetRevisionNumber } from '@drawbridge/protocol';
import type { StoredMessage, StoredWidget } from '../store/store.ts';
import type { EditableWidget, EditableWidgetLookup } from './widget-edit-builder.ts';

/**
 * The widgets of a thread that an edit may name, each by its lineage id and by the id of every revision, all
 * resolving to the lineage's latest revision: an edit always applies to what the user sees last.
 */
export function editableWidgetsOf(messages: readonly StoredMessage[]): EditableWidgetLookup {
  const widgets = messages.flatMap((message) => (message.widget === undefined ? [] : [message.widget]));
  const byId = new Map<string, EditableWidget>();
  for (const [lineageId, revisions] of groupWidgetLineages<StoredWidget>(widgets)) {
    const latest = revisions.at(-1)!;
    const editable = { lineageId, latest, number: widgetRevisionNumber(latest) };
    byId.set(lineageId, editable);
    for (const revision of revisions) byId.set(revision.id, editable);
  }
  return (widgetId) => byId.get(widgetId);
}
