import type { FormAnswers, GeneratedWidget, ReplyDetails, WidgetPartType } from '@drawbridge/protocol';
import { WidgetPartLog } from './widget-part-log.ts';

/**
 * One generated widget, growing as its parts stream in. The parts are kept as the deltas that arrived (the
 * frame host forwards them as they are); the fields beside them are what the card reads on every render.
 */
export interface TranscriptWidget extends Pick<GeneratedWidget, 'id' | 'height' | 'complete' | 'revision'> {
  parts: WidgetPartLog;
  /** The part that arrived last, so the UI can say what is being built right now. */
  lastPart: WidgetPartType | null;
  /** The UTF-8 size of the markup so far, for the phase line ("building markup · 3.1 KB"). */
  markupBytes: number;
}

/** A typed render-tool call, accumulated from TOOL_CALL_START/ARGS/END (or restored from the store). */
export interface TranscriptToolCall {
  toolCallId: string;
  toolCallName: string;
  argsJson: string;
  complete: boolean;
  /** What the run reported back for the call (TOOL_CALL_RESULT): the model's answer, or why it was refused. */
  result?: string;
  /** A form the user sent: the answers it went with (the user message that follows says them in words). */
  sentAnswers?: FormAnswers['values'];
}

export type TranscriptPart =
  | { kind: 'prose'; text: string }
  | { kind: 'widget'; widget: TranscriptWidget }
  | { kind: 'tool-call'; call: TranscriptToolCall };

export interface TranscriptMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: TranscriptPart[];
  /** Which model wrote the reply this message ends, and its token counts, once its run is over. */
  reply?: ReplyDetails;
}

export interface TranscriptState {
  messages: TranscriptMessage[];
}

export const emptyTranscript: TranscriptState = { messages: [] };

/** Creates an empty widget as its first part arrives. */
export function createTranscriptWidget(id: string): TranscriptWidget {
  return { id, height: null, complete: false, parts: WidgetPartLog.empty, lastPart: null, markupBytes: 0 };
}

/** The widget's three channels, each with its deltas joined, for View source; one pass over its parts each. */
export function transcriptWidgetSource(
  widget: TranscriptWidget,
): Pick<GeneratedWidget, 'css' | 'html' | 'js'> {
  return {
    css: widget.parts.text('css'),
    html: widget.parts.text('html'),
    js: widget.parts.text('js'),
  };
}

/** The plain text of a message's prose parts, joined in order. */
export function messageProse(message: TranscriptMessage): string {
  return message.parts
    .flatMap((part) => (part.kind === 'prose' ? [part.text] : []))
    .join('')
    .trim();
}
