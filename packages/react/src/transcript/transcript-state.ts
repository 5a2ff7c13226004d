import {
  type Attachment,
  createReplyWidget,
  type GeneratedWidget,
  type MessageBranch,
  type ReplyMessage,
  type ReplyPart,
  type ReplyToolCall,
  type ReplyWidget,
} from '@drawbridge/protocol';

/** One generated widget, growing as its parts stream in: the protocol's reply widget. */
export type TranscriptWidget = ReplyWidget;

/** A typed render-tool call, accumulated from TOOL_CALL_START/ARGS/END (or restored from the store). */
export type TranscriptToolCall = ReplyToolCall;

export type TranscriptPart = ReplyPart;

/** A user message (prose only), or an assistant reply as the protocol's reducer builds it from its run's events. */
export interface TranscriptMessage extends ReplyMessage {
  role: 'user' | 'assistant';
  /** On a user message: the files it carried. */
  attachments?: Attachment[];
  /** A user message or reply with other versions (an edit, a regenerated reply): which one this is, of how many. */
  branch?: MessageBranch;
}

export interface TranscriptState {
  messages: TranscriptMessage[];
  /**
   * While a run continues a stopped reply: that reply's id, and each reply id the run names mapped onto it, so
   * what the run writes is appended to the reply on screen (as a reload draws it) rather than opening another.
   */
  continuation?: { into: string; replyIds: ReadonlySet<string> };
}

export const emptyTranscript: TranscriptState = { messages: [] };

/** Creates an empty widget as its first part arrives. */
export const createTranscriptWidget = createReplyWidget;

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
