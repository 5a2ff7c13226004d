import { groupWidgetLineages, widgetLineageId } from '@drawbridge/protocol';
import { createContext, useContext } from 'react';
import type { TranscriptMessage, TranscriptWidget } from '../transcript/transcript-state.ts';

/** Every widget of the transcript by lineage, each in revision order (failed edits left out). */
export type WidgetLineages = ReadonlyMap<string, readonly TranscriptWidget[]>;

export const WidgetLineagesContext = createContext<WidgetLineages>(new Map());

/** Groups the transcript's widgets by lineage; one pass over the messages. */
export function widgetLineagesOf(messages: readonly TranscriptMessage[]): WidgetLineages {
  const widgets = messages.flatMap((message) =>
    message.parts.flatMap((part) => (part.kind === 'widget' ? [part.widget] : [])),
  );
  return groupWidgetLineages(widgets);
}

/** The revisions of the widget's lineage, oldest first; just the widget when it has no other. */
export function useWidgetLineage(widget: TranscriptWidget): readonly TranscriptWidget[] {
  const lineages = useContext(WidgetLineagesContext);
  return lineages.get(widgetLineageId(widget)) ?? [widget];
}
