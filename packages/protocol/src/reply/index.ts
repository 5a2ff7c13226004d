export { applyActivityEvent } from './apply-activity-event.ts';
export {
  applyReplyActivity,
  replyWidgetOfActivity,
  seedWidget,
  type WidgetLookup,
  widgetOfReply,
} from './apply-reply-activity.ts';
export { applyReplyEvent, replyEventReducer, replyOfRunEvents, toolResultText } from './apply-reply-event.ts';
export { applyWidgetPart } from './apply-widget-part.ts';
export {
  createReplyWidget,
  emptyReplyMessage,
  generatedWidgetOf,
  type ReplyActivity,
  type ReplyMessage,
  type ReplyPart,
  type ReplyToolCall,
  type ReplyWidget,
} from './reply-message.ts';
export { type ReplySegment, replySegmentId, replySegments } from './reply-segments.ts';
export { type StoredReplyMessage, storedMessageEvents } from './stored-message-events.ts';
export {
  activityWidgetLookup,
  type ClientMessage,
  generatedWidgetLookup,
  replyWidgetOfGenerated,
} from './widget-lookups.ts';
export { WidgetPartLog } from './widget-part-log.ts';
