import { groupWidgetLineages, widgetLineageId } from '@drawbridge/protocol';
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import type { WidgetLineages } from '../widget-card/widget-lineages-context.ts';
import { activityWidgetLineagesOf } from './activity-widget-lineages.ts';

/** The lineages a widget's card reads, and whether the other cards of its lineage have seen this widget yet. */
export interface ActivityWidgetLineagesView {
  lineages: WidgetLineages;
  /**
   * The widget is in the lineage its other cards read. Until then its card waits: the card of the revision before
   * it turns into a notice in the same commit as this one's card mounts, so the live frame is handed over (a
   * frame parked in one commit and wanted in a later one is gone).
   */
  known: boolean;
}

/**
 * The widget lineages a `WidgetCard` of an activity reads (`WidgetLineagesContext`): the widget's own lineage as
 * the agent's other activity views published it, with the widget as this render has it. The widget is published
 * after each commit, which re-renders the cards of its lineage together.
 */
export function useActivityWidgetLineages(
  widget: TranscriptWidget,
  agent: object | undefined,
): ActivityWidgetLineagesView {
  const store = activityWidgetLineagesOf(agent);
  const lineageId = widgetLineageId(widget);
  useLayoutEffect(() => store.publish(widget), [store, widget]);
  const published = useSyncExternalStore(
    store.subscribe,
    () => store.lineage(lineageId),
    () => undefined,
  );
  return useMemo(() => {
    const others = (published ?? []).filter((revision) => revision.id !== widget.id);
    return {
      lineages: groupWidgetLineages([...others, widget]),
      known: others.length !== (published ?? []).length,
    };
  }, [published, widget]);
}
