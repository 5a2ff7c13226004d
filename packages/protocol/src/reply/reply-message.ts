import type { FormAnswers } from '../api/form-answers.ts';
import type { ReplyDetails } from '../api/reply-details.ts';
import type { GeneratedWidget, WidgetPartType } from '../generated-widget.ts';
import { WidgetPartLog } from './widget-part-log.ts';

/**
 * One generated widget of a reply, growing as its parts stream in. The parts are kept as the deltas that
 * arrived (a frame host forwards them as they are, a store joins them once); the fields beside them are what a
 * card reads on every render.
 */
export interface ReplyWidget
  extends Pick<GeneratedWidget, 'id' | 'height' | 'complete' | 'revision' | 'refusal'> {
  parts: WidgetPartLog;
  /** The part that arrived last, so a UI can say what is being built right now. */
  lastPart: WidgetPartType | null;
  /** The UTF-8 size of the markup so far, for a phase line ("building markup · 3.1 KB"). */
  markupBytes: number;
}

/** A tool call of a reply, accumulated from TOOL_CALL_START/ARGS/END (or restored from a stored carrier). */
export interface ReplyToolCall {
  toolCallId: string;
  toolCallName: string;
  argsJson: string;
  complete: boolean;
  /** What the run reported back for the call (TOOL_CALL_RESULT): the model's answer, or why it was refused. */
  result?: string;
  /** A form the user sent: the answers it went with (the user message that follows says them in words). */
  sentAnswers?: FormAnswers['values'];
}

/**
 * An activity of a type the reply does not build into a part of its own (an A2UI surface, …): its AG-UI
 * activity message as it stands, drawn by a renderer for its `activityType`.
 */
export interface ReplyActivity {
  /** The activity's `messageId`. */
  id: string;
  activityType: string;
  content: Record<string, unknown>;
}

/** What a reply is made of, in the order the user saw it. */
export type ReplyPart =
  | { kind: 'prose'; text: string }
  | { kind: 'widget'; widget: ReplyWidget }
  | { kind: 'tool-call'; call: ReplyToolCall }
  | { kind: 'activity'; activity: ReplyActivity };

/**
 * One assistant reply as its run's events build it (`applyReplyEvent`): what the browser draws and what the
 * server stores (`replySegments`) are this one value, so the two cannot disagree.
 */
export interface ReplyMessage {
  /** The message id the run's events name. */
  id: string;
  parts: ReplyPart[];
  /** Which model wrote the reply and its token counts, once its run is over. */
  reply?: ReplyDetails;
}

/** A reply with nothing in it yet. */
export function emptyReplyMessage(id: string): ReplyMessage {
  return { id, parts: [] };
}

/** An empty widget, as its first part (or its revision) arrives. */
export function createReplyWidget(id: string): ReplyWidget {
  return { id, height: null, complete: false, parts: WidgetPartLog.empty, lastPart: null, markupBytes: 0 };
}

/** The widget as the one shape stored and exported: each channel's deltas joined, one pass over its parts each. */
export function generatedWidgetOf(widget: ReplyWidget): GeneratedWidget {
  return {
    id: widget.id,
    height: widget.height,
    css: widget.parts.text('css'),
    html: widget.parts.text('html'),
    js: widget.parts.text('js'),
    complete: widget.complete,
    ...(widget.revision === undefined ? {} : { revision: widget.revision }),
    ...(widget.refusal === undefined ? {} : { refusal: widget.refusal }),
  };
}
