/** The parts of a widget as the stream delivers them, in the order the model writes them. */
export const widgetPartNames = ['height', 'css', 'html', 'js', 'end'] as const;
export type WidgetPartName = (typeof widgetPartNames)[number];

/** One generated widget, growing as its parts stream in. */
export interface TranscriptWidget {
  id: string;
  height: number | null;
  css: string;
  html: string;
  js: string;
  complete: boolean;
  /** The part that arrived last, so the UI can say what is being built right now. */
  lastPart: WidgetPartName | null;
}

/** A typed render-tool call, accumulated from TOOL_CALL_START/ARGS/END (or restored from the store). */
export interface TranscriptToolCall {
  toolCallId: string;
  toolCallName: string;
  argsJson: string;
  complete: boolean;
  /** What the run reported back for the call (TOOL_CALL_RESULT): the model's answer, or why it was refused. */
  result?: string;
}

export type TranscriptPart =
  | { kind: 'prose'; text: string }
  | { kind: 'widget'; widget: TranscriptWidget }
  | { kind: 'tool-call'; call: TranscriptToolCall };

export interface TranscriptMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: TranscriptPart[];
}

export interface TranscriptState {
  messages: TranscriptMessage[];
}

export const emptyTranscript: TranscriptState = { messages: [] };

/** Creates an empty widget as its first part arrives. */
export function createTranscriptWidget(id: string): TranscriptWidget {
  return { id, height: null, css: '', html: '', js: '', complete: false, lastPart: null };
}

/** The plain text of a message's prose parts, joined in order. */
export function messageProse(message: TranscriptMessage): string {
  return message.parts
    .flatMap((part) => (part.kind === 'prose' ? [part.text] : []))
    .join('')
    .trim();
}
