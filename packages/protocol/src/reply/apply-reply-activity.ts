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

/** A widget activity's content as the reply widget it makes: its parts folded in order, its revision and refusal. */
export function replyWidgetOfActivity(
  id: string,
  content: DrawbridgeActivityContent<'drawbridge.widget'>,
): ReplyWidget {
  const widget = content.parts.reduce(applyWidgetPart, createReplyWidget(id));
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
export function applyReplyActivity(message: ReplyMessage, event: ActivityRunEvent): ReplyMessage {
  if (isDrawbridgeActivity(event, 'drawbridge.widget')) return applyWidgetActivity(message, event);
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
): ReplyMessage {
  // Searched from the end: a reply's parts arrive at its end, so the widget being built is nearly always last.
  const index = message.parts.findLastIndex(
    (part) => part.kind === 'widget' && part.widget.id === event.messageId,
  );
  if (event.type === EventType.ACTIVITY_SNAPSHOT) {
    if (index !== -1 && event.replace === false) return message;
    return withPart(message, index, {
      kind: 'widget',
      widget: replyWidgetOfActivity(event.messageId, event.content),
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

/** The reply with `part` at `index`, or added at its end for index -1. */
function withPart(message: ReplyMessage, index: number, part: ReplyPart): ReplyMessage {
  const parts = message.parts.slice();
  if (index === -1) parts.push(part);
  else parts[index] = part;
  return { ...message, parts };
}
