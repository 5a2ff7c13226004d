import type { WidgetRevision } from '../generated-widget.ts';
import type { WidgetRefusal } from '../widget-refusal.ts';

/** What lineage grouping needs of a widget, whatever view of it the caller holds. */
export interface RevisableWidget {
  id: string;
  revision?: WidgetRevision | undefined;
  refusal?: WidgetRefusal | undefined;
}

/** The id of the widget's first revision: the name every revision of it shares. */
export function widgetLineageId(widget: RevisableWidget): string {
  return widget.revision?.of ?? widget.id;
}

/** The widget's revision number: 1 for a widget no edit made. */
export function widgetRevisionNumber(widget: RevisableWidget): number {
  return widget.revision?.number ?? 1;
}

/**
 * Every widget of a thread grouped by lineage, each group in revision order, groups in the order their first
 * revision appeared. An edit that failed made no revision and is left out, and so is a widget the server stopped
 * at a limit: it was never drawn, so the revision before it stays the latest.
 */
export function groupWidgetLineages<Widget extends RevisableWidget>(
  widgets: readonly Widget[],
): Map<string, Widget[]> {
  const lineages = new Map<string, Widget[]>();
  for (const widget of widgets) {
    if (widget.revision?.failure !== undefined || widget.refusal !== undefined) continue;
    const lineageId = widgetLineageId(widget);
    const revisions = lineages.get(lineageId);
    if (revisions === undefined) lineages.set(lineageId, [widget]);
    else revisions.push(widget);
  }
  for (const revisions of lineages.values())
    revisions.sort((first, second) => widgetRevisionNumber(first) - widgetRevisionNumber(second));
  return lineages;
}
