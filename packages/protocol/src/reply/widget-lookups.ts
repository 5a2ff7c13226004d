import { widgetActivityContentSchema } from '../activities/drawbridge-activities.ts';
import { type GeneratedWidget, generatedWidgetParts } from '../generated-widget.ts';
import { replyWidgetOfActivity, type WidgetLookup } from './apply-reply-activity.ts';
import type { ReplyWidget } from './reply-message.ts';

/** A stored widget as the reply widget its stored snapshot folds into (each channel in one part). */
export function replyWidgetOfGenerated(widget: GeneratedWidget): ReplyWidget {
  const { revision, refusal } = widget;
  return replyWidgetOfActivity(widget.id, {
    parts: generatedWidgetParts(widget),
    ...(revision === undefined ? {} : { revision }),
    ...(refusal === undefined ? {} : { refusal }),
  });
}

/** Finds stored widgets by id (the server's thread, a reloaded transcript); each is made a reply widget once, when asked for. */
export function generatedWidgetLookup(widgets: Iterable<GeneratedWidget>): WidgetLookup {
  const byId = new Map<string, GeneratedWidget>();
  for (const widget of widgets) byId.set(widget.id, widget);
  const made = new Map<string, ReplyWidget>();
  return (widgetId) => {
    const widget = byId.get(widgetId);
    if (widget === undefined) return undefined;
    const known = made.get(widgetId) ?? replyWidgetOfGenerated(widget);
    made.set(widgetId, known);
    return known;
  };
}

/** What an AG-UI client keeps of a message (`agent.messages`): an activity message has a type and content. */
export interface ClientMessage {
  id: string;
  role: string;
  activityType?: string;
  content?: unknown;
}

/**
 * For a renderer of `drawbridge.widget` activities in a stock AG-UI client (CopilotKit): the widgets of the
 * client's activity messages by id, each folded from its content, a live edit's revision (`fromBase`) from its
 * base among the same messages. Draw one with `lookup(message.id)`. A message whose content is not a widget
 * activity's is left out; a revision whose base the client never received starts empty (docs/protocol.md,
 * *Edits*, says how such a client reads the stored revision).
 */
export function activityWidgetLookup(messages: readonly ClientMessage[]): WidgetLookup {
  const contents = new Map<string, unknown>();
  for (const message of messages)
    if (message.role === 'activity' && message.activityType === 'drawbridge.widget')
      contents.set(message.id, message.content);
  const made = new Map<string, ReplyWidget | undefined>();
  const lookup: WidgetLookup = (widgetId) => {
    if (made.has(widgetId)) return made.get(widgetId);
    // Marked before folding, so a revision that names itself as its base cannot recurse for ever.
    made.set(widgetId, undefined);
    const parsed = widgetActivityContentSchema.safeParse(contents.get(widgetId));
    const widget = parsed.success ? replyWidgetOfActivity(widgetId, parsed.data, lookup) : undefined;
    made.set(widgetId, widget);
    return widget;
  };
  return lookup;
}
