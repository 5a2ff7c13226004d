import type { GeneratedWidget } from '../generated-widget.ts';
import { generatedWidgetOf, type ReplyMessage } from './reply-message.ts';

/** One stored message of a reply: prose followed by at most one widget. */
export interface ReplySegment {
  id: string;
  content: string;
  widget?: GeneratedWidget;
}

/** The id the reply's `index`-th stored segment (from 0) is stored under: the reply's own id for the first. */
export function replySegmentId(replyId: string, index: number): string {
  return index === 0 ? replyId : `${replyId}-${index + 1}`;
}

/**
 * A reply as it is stored: cut into segments, each prose followed by at most one widget, so a reload shows
 * everything in the order the user saw it. A tool call ends a segment (what the call adds to the thread, a
 * drawn widget's carrier, is stored between them), and so does a widget once prose or another widget follows
 * it. Segments with neither prose nor a widget are left out. The ids are the reply's id and then the id with
 * the segment's number (`replySegmentId`): a segment keeps its id as the reply grows, so the same reply
 * stored again, or rebuilt from its run's events after a crash, rewrites the same rows.
 */
export function replySegments(message: ReplyMessage): ReplySegment[] {
  const segments: ReplySegment[] = [];
  let content = '';
  let widget: GeneratedWidget | undefined;
  const close = () => {
    if (content === '' && widget === undefined) return;
    const id = replySegmentId(message.id, segments.length);
    segments.push(widget === undefined ? { id, content } : { id, content, widget });
    content = '';
    widget = undefined;
  };
  for (const part of message.parts) {
    // An activity of another type (an A2UI surface) sits between segments, as a call does; it is not stored yet.
    if (part.kind === 'tool-call' || part.kind === 'activity') close();
    else if (part.kind === 'prose') {
      if (widget !== undefined) close();
      content += part.text;
    } else {
      if (widget !== undefined) close();
      widget = generatedWidgetOf(part.widget);
    }
  }
  close();
  return segments;
}
