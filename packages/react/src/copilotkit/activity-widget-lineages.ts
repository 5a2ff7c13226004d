import { groupWidgetLineages, widgetLineageId } from '@drawbridge/protocol';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/**
 * The generated widgets of one agent's conversation, as their activity views folded them, by lineage: what a widget
 * card needs to know that a later revision superseded it, and which revisions its switcher offers. CopilotKit
 * draws each activity message by itself, so each view publishes its widget here and reads its lineage back; a
 * card re-renders only when its own lineage changes.
 */
export class ActivityWidgetLineages {
  private readonly widgets = new Map<string, TranscriptWidget>();
  private readonly lineages = new Map<string, readonly TranscriptWidget[]>();
  private readonly listeners = new Set<() => void>();

  /** Records the widget as it stands now (a new one, or one more part of it). */
  publish(widget: TranscriptWidget): void {
    if (this.widgets.get(widget.id) === widget) return;
    this.widgets.set(widget.id, widget);
    const lineageId = widgetLineageId(widget);
    const members = [...this.widgets.values()].filter((member) => widgetLineageId(member) === lineageId);
    this.lineages.set(lineageId, groupWidgetLineages(members).get(lineageId) ?? []);
    for (const listener of this.listeners) listener();
  }

  /** A widget published so far, by id (the base of a live edit). */
  widget = (widgetId: string): TranscriptWidget | undefined => this.widgets.get(widgetId);

  /** The revisions of one lineage published so far, oldest first (failed edits and refused widgets left out). */
  lineage(lineageId: string): readonly TranscriptWidget[] | undefined {
    return this.lineages.get(lineageId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const byAgent = new WeakMap<object, ActivityWidgetLineages>();
const withoutAgent = new ActivityWidgetLineages();

/** The lineages of one agent's conversation (an agent object lives as long as its chat). */
export function activityWidgetLineagesOf(agent: object | undefined): ActivityWidgetLineages {
  if (agent === undefined) return withoutAgent;
  let lineages = byAgent.get(agent);
  if (lineages === undefined) {
    lineages = new ActivityWidgetLineages();
    byAgent.set(agent, lineages);
  }
  return lineages;
}
