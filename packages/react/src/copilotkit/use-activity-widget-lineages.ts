import { groupWidgetLineages, widgetLineageId } from '@drawbridge/protocol';
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';
import type { WidgetLineages } from '../widget-card/widget-lineages-context.ts';
import { activityWidgetLineagesOf } from './activity-widget-lineages.ts';

/**
 * The widget lineages a `WidgetCard` of an activity reads (`WidgetLineagesContext`): the widget's own lineage as
 * the agent's other activity views published it, with the widget as this render has it. The widget is published
 * after each commit, for the cards of its other revisions.
 */
export function useActivityWidgetLineages(
  widget: TranscriptWidget,
  agent: object | undefined,
): WidgetLineages {
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
    return groupWidgetLineages([...others, widget]);
  }, [published, widget]);
}
