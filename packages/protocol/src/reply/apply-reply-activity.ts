import {
  type ActivityRunEvent,
  type DrawbridgeActivityContent,
  type DrawbridgeActivityDelta,
  type DrawbridgeActivitySnapshot,
  isDrawbridgeActivity,
} from '../activities/drawbridge-activities.ts';
import { EventType } from '../run-events.ts';
import { applyActivityEvent } from './apply-activity-event.ts';
import { applyWidgetPart } from './apply-widget-part.ts';
import { createReplyWidget, type ReplyMessage, type ReplyPart, type ReplyWidget } from './reply-message.ts';

/**
 * Finds a widget by its id where a reader keeps them (the transcript, a client's activity messages, the
 * thread's stored widgets): the base a live edit's revision continues (`fromBase`).
 */
export type WidgetLookup = (widgetId: string) => ReplyWidget | undefined;

/**
 * The widget a live edit's revision starts as: its base's part log itself (a log shares its past, so a frame
 * that holds the base is handed only what follows), its height and markup size, not complete. Without the base
 * (a reader that never saw it) the revision starts empty, and its hunks find nothing to change: such a reader
 * reads the stored revision instead (docs/protocol.md, *Edits*).
 */
export function seedWidget(id: string, base: ReplyWidget | undefined): ReplyWidget {
  if (base === undefined) return createReplyWidget(id);
  return {
    id,
    height: base.height,
    complete: false,
    parts: base.parts,
    lastPart: null,
    markupBytes: base.markupBytes,
  };
}

/**
 * A widget activity's content as the reply widget it makes: its parts folded in order, its revision and refusal.
 * A live edit's content (`fromBase`) continues its base, found with `findWidget`.
 */
export function replyWidgetOfActivity(
  id: string,
  content: DrawbridgeActivityContent<'drawbridge.widget'>,
  findWidget: WidgetLookup = () => undefined,
): ReplyWidget {
  const baseId = content.fromBase === true ? content.revision?.baseId : undefined;
  const start = baseId === undefined ? createReplyWidget(id) : seedWidget(id, findWidget(baseId));
  const widget = content.parts.reduce(applyWidgetPart, start);
  return {
    ...widget,
    ...(content.revision === undefined ? {} : { revision: content.revision }),
    ...(content.refusal === undefined ? {} : { refusal: content.refusal }),
  };
}

/**
 * Folds an activity event into the reply: a `drawbridge.widget` activity is the widget part with its id (a
 * delta appends one part in O(1)), any other type an `activity` part holding its content. A new activity goes
 * at the end of the reply; a delta for an activity the reply does not hold returns it unchanged.
 */
export function applyReplyActivity(
  message: ReplyMessage,
  event: ActivityRunEvent,
  findWidget: WidgetLookup = () => undefined,
): ReplyMessage {
  if (isDrawbridgeActivity(event, 'drawbridge.widget'))
    return applyWidgetActivity(message, event, findWidget);
  // The view of a tool call the reply already holds, from its TOOL_CALL_* events: drawn from that part.
  if (
    isDrawbridgeActivity(event, 'drawbridge.render-tool') ||
    isDrawbridgeActivity(event, 'drawbridge.mcp-view')
  )
    return message;
  const index = message.parts.findLastIndex(
    (part) => part.kind === 'activity' && part.activity.id === event.messageId,
  );
  const existing = index === -1 ? undefined : (message.parts[index] as ActivityPart).activity;
  const activity = applyActivityEvent(existing, event);
  if (activity === existing || activity === undefined) return message;
  return withPart(message, index, { kind: 'activity', activity });
}

type ActivityPart = Extract<ReplyPart, { kind: 'activity' }>;
type WidgetPart = Extract<ReplyPart, { kind: 'widget' }>;

function applyWidgetActivity(
  message: ReplyMessage,
  event: DrawbridgeActivitySnapshot<'drawbridge.widget'> | DrawbridgeActivityDelta<'drawbridge.widget'>,
  findWidget: WidgetLookup,
): ReplyMessage {
  // Searched from the end: a reply's parts arrive at its end, so the widget being built is nearly always last.
  const index = message.parts.findLastIndex(
    (part) => part.kind === 'widget' && part.widget.id === event.messageId,
  );
  if (event.type === EventType.ACTIVITY_SNAPSHOT) {
    if (index !== -1 && event.replace === false) return message;
    // A second edit of a widget in one reply continues the first, which this reply holds.
    const findBase: WidgetLookup = (widgetId) => widgetOfReply(message, widgetId) ?? findWidget(widgetId);
    return withPart(message, index, {
      kind: 'widget',
      widget: replyWidgetOfActivity(event.messageId, event.content, findBase),
    });
  }
  if (index === -1) return message;
  let widget = (message.parts[index] as WidgetPart).widget;
  for (const operation of event.patch) {
    switch (operation.path) {
      case '/revision':
        widget = { ...widget, revision: operation.value };
        break;
      case '/refusal':
        widget = { ...widget, refusal: operation.value };
        break;
      case '/parts/-':
        widget = applyWidgetPart(widget, operation.value);
        break;
    }
  }
  return withPart(message, index, { kind: 'widget', widget });
}

/** The widget of the reply with this id, if it holds one. */
export function widgetOfReply(
  message: Pick<ReplyMessage, 'parts'>,
  widgetId: string,
): ReplyWidget | undefined {
  const part = message.parts.findLast(
    (candidate) => candidate.kind === 'widget' && candidate.widget.id === widgetId,
  );
  return part?.kind === 'widget' ? part.widget : undefined;
}

/** The reply with `part` at `index`, or added at its end for index -1. */
function withPart(message: ReplyMessage, index: number, part: ReplyPart): ReplyMessage {
  const parts = message.parts.slice();
  if (index === -1) parts.push(part);
  else parts[index] = part;
  return { ...message, parts };
}
