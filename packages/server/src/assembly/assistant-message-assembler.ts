import {
  type GeneratedWidget,
  type RunEvent,
  readWidgetHeight,
  runEvents,
  type WidgetChunk,
  type WidgetPart,
  WidgetStreamParser,
} from '@drawbridge/protocol';
import {
  type EditableWidget,
  type EditableWidgetLookup,
  type EditBuilderOutput,
  WidgetEditBuilder,
} from './widget-edit-builder.ts';

/** What one assistant message (or one stored segment of it) amounts to: its prose and (at most) one widget. */
export interface AssembledAssistantMessage {
  /** The id it is stored under; the first segment's id is also the live message id of the run events. */
  messageId: string;
  content: string;
  widget?: GeneratedWidget;
}

const noClosedSegments: readonly AssembledAssistantMessage[] = Object.freeze([]);

/**
 * Feeds one assistant message's text through a `WidgetStreamParser` and turns each chunk into a run event
 * while keeping the message as it will be persisted.
 *
 * Storage cuts the message into segments, each at most prose followed by one widget, so a reload shows
 * everything in the order the user saw it; the live events keep one message id throughout. A segment ends
 * at a tool call (`endSegment`, called by the run; a widget block after it gets a fresh widget id) and
 * after a finished widget once prose follows it: those segments wait in `takeClosedSegments`.
 *
 * A block that starts with `@@EDIT:id@@` makes a revision of that widget (`WidgetEditBuilder`): the widget
 * stored and streamed is the whole result, announced by a `drawbridge.widget-revision` event.
 */
export class AssistantMessageAssembler {
  readonly messageId: string;
  private segmentId: string;
  private parser = new WidgetStreamParser();
  private readonly createId: () => string;
  private content = '';
  private widget: GeneratedWidget | undefined;
  /** The current widget's `height` deltas joined: the value may be split, so it is read whole each time. */
  private heightText = '';
  /** Segments that ended after a finished widget and that the run has not stored yet. */
  private closedSegments: AssembledAssistantMessage[] = [];
  private readonly editableWidgets: EditableWidgetLookup;
  private edit: WidgetEditBuilder | undefined;
  // The revisions this reply's finished edits made, by lineage and by their own id: a second edit of the same
  // widget builds on the first, not on the revision the reply started from.
  private readonly editedInReply = new Map<string, EditableWidget>();

  constructor({
    messageId,
    createId,
    editableWidgets = () => undefined,
  }: {
    messageId: string;
    createId: () => string;
    /** The thread's widgets an edit may name; none by default. */
    editableWidgets?: EditableWidgetLookup;
  }) {
    this.messageId = messageId;
    this.segmentId = messageId;
    this.createId = createId;
    this.editableWidgets = editableWidgets;
  }

  /** Events for the text the model produced just now. */
  push(text: string): RunEvent[] {
    return this.toEvents(this.parser.push(text));
  }

  /** Events for whatever the parser held back (a tail that never became a marker). */
  end(): RunEvent[] {
    const events = this.toEvents(this.parser.end());
    if (this.edit !== undefined && !this.edit.widget.complete)
      events.push(...this.editEvents(this.edit.finish()));
    return events;
  }

  /**
   * Closes the current segment (flushing a held-back tail, which can no longer become a marker once the
   * model moved on to a tool call) and starts the next one, stored under a fresh id. Returns the closed
   * segment, or nothing when it holds neither prose nor a widget.
   */
  endSegment(): { events: RunEvent[]; segment?: AssembledAssistantMessage } {
    const events = this.end();
    const segment = this.snapshot();
    this.parser = new WidgetStreamParser();
    this.startSegment();
    return segment.content === '' && segment.widget === undefined ? { events } : { events, segment };
  }

  /** The segments that ended after a finished widget since the last call, oldest first, for the run to store. */
  takeClosedSegments(): readonly AssembledAssistantMessage[] {
    // Asked after every piece of text; nearly always there is none, and no new array is made for that.
    if (this.closedSegments.length === 0) return noClosedSegments;
    const closed = this.closedSegments;
    this.closedSegments = [];
    return closed;
  }

  /** The current segment so far, partial or complete (the whole message when it was never cut). */
  snapshot(): AssembledAssistantMessage {
    const message: AssembledAssistantMessage = { messageId: this.segmentId, content: this.content };
    if (this.widget !== undefined) {
      message.widget = { ...this.widget };
      if (this.widget.revision !== undefined) message.widget.revision = structuredClone(this.widget.revision);
    }
    return message;
  }

  private toEvents(chunks: WidgetChunk[]): RunEvent[] {
    const events: RunEvent[] = [];
    for (const chunk of chunks) {
      if (chunk.type === 'edit') events.push(...this.startEdit(chunk.delta));
      else if (this.edit !== undefined && chunk.type !== 'prose')
        events.push(...this.editEvents(this.edit.apply(chunk)));
      else {
        const event = this.apply(chunk);
        if (event !== undefined) events.push(event);
      }
    }
    return events;
  }

  private startSegment(): void {
    this.segmentId = this.createId();
    this.content = '';
    this.widget = undefined;
    // A finished edit is what a later edit of the same widget in this reply builds on.
    this.rememberEdit();
    this.edit = undefined;
    this.heightText = '';
  }

  private startEdit(target: string): RunEvent[] {
    this.rememberEdit();
    const lookup = (widgetId: string) => {
      const known = this.editedInReply.get(widgetId) ?? this.editableWidgets(widgetId);
      return known === undefined ? undefined : (this.editedInReply.get(known.lineageId) ?? known);
    };
    const edit = new WidgetEditBuilder({ widgetId: this.createId(), target, lookup });
    this.edit = edit;
    this.widget = edit.widget;
    return [this.revisionEvent(), ...this.partEvents(edit.baseParts())];
  }

  /** Records the current edit as its lineage's latest revision, once it is complete and applied. */
  private rememberEdit(): void {
    const edit = this.edit;
    if (edit === undefined || !edit.widget.complete || edit.revision.failure !== undefined) return;
    const editable = {
      lineageId: edit.revision.of,
      latest: structuredClone(edit.widget),
      number: edit.revision.number,
    };
    this.editedInReply.set(editable.lineageId, editable);
    this.editedInReply.set(edit.widget.id, editable);
  }

  private editEvents({ parts, revision }: EditBuilderOutput): RunEvent[] {
    return revision === undefined
      ? this.partEvents(parts)
      : [this.revisionEvent(), ...this.partEvents(parts)];
  }

  private revisionEvent(): RunEvent {
    const widget = this.edit!.widget;
    // A copy: the builder may still add a failure, and the event must say what was true when it was sent.
    return runEvents.widgetRevision({
      messageId: this.messageId,
      widgetId: widget.id,
      revision: structuredClone(this.edit!.revision),
    });
  }

  private partEvents(parts: WidgetPart[]): RunEvent[] {
    const widgetId = this.edit!.widget.id;
    return parts.map((part) => runEvents.widgetPart({ messageId: this.messageId, widgetId, ...part }));
  }

  private apply(chunk: WidgetChunk): RunEvent | undefined {
    // AG-UI rejects an empty TEXT_MESSAGE_CONTENT delta.
    if (chunk.type === 'prose' && chunk.delta === '') return undefined;
    if (this.widget?.complete === true) {
      // What follows a finished widget goes below it: its own segment keeps it there after a reload.
      this.closedSegments.push(this.snapshot());
      this.startSegment();
    }
    if (chunk.type === 'prose') {
      this.content += chunk.delta;
      return runEvents.textContent({ messageId: this.messageId, delta: chunk.delta });
    }
    const widget = this.currentWidget();
    if (chunk.type === 'height') {
      this.heightText += chunk.delta;
      widget.height = readWidgetHeight(this.heightText);
    } else if (chunk.type === 'css') widget.css += chunk.delta;
    else if (chunk.type === 'html') widget.html += chunk.delta;
    else if (chunk.type === 'js') widget.js += chunk.delta;
    else if (chunk.type === 'end') widget.complete = true;
    // Hunk markers outside an edit block are text to the parser; nothing else can arrive here.
    else return undefined;
    return runEvents.widgetPart({
      messageId: this.messageId,
      widgetId: widget.id,
      part: chunk.type,
      delta: chunk.delta,
    });
  }

  private currentWidget(): GeneratedWidget {
    if (this.widget === undefined) {
      this.widget = { id: this.createId(), height: null, css: '', html: '', js: '', complete: false };
    }
    return this.widget;
  }
}
