import {
  type GeneratedWidget,
  generatedWidgetParts,
  isWidgetPartType,
  type ReplyWidget,
  type RunEvent,
  replyWidgetOfGenerated,
  runEvents,
  type WidgetChunk,
  type WidgetLookup,
  type WidgetPart,
  type WidgetRefusal,
  type WidgetRevision,
  WidgetStreamParser,
} from '@drawbridge/protocol';
import {
  type EditableWidget,
  type EditableWidgetLookup,
  type EditBuilderOutput,
  WidgetEditBuilder,
} from './widget-edit-builder.ts';
import { WidgetLimitGuard } from './widget-limit-guard.ts';

/** The widget being streamed: its id, and whether `@@END@@` closed it (a part after that starts a new one). */
interface StreamedWidget {
  id: string;
  complete: boolean;
}

/**
 * Turns one assistant message's text into run events: the text goes through a `WidgetStreamParser`, prose
 * becomes TEXT_MESSAGE_CONTENT of the message, and a widget a `drawbridge.widget` activity — a snapshot when it
 * starts, then one delta per part. A widget block gets a fresh widget id when it starts after a finished
 * widget or after a tool call (`endBeforeToolCall`). What the message amounts to (its prose, its widgets, how
 * it is stored) is the protocol's reducer's to say (`applyReplyEvent`, `replySegments`), from these events
 * alone.
 *
 * A block that starts with `@@EDIT:id@@` makes a revision of that widget (`WidgetEditBuilder`): its snapshot
 * carries the revision and `fromBase` and no parts, and what follows is the patch — a part the edit writes, and
 * each hunk as it applies — for readers that hold the base to apply (the reply reducer, the frame).
 *
 * Every widget part passes a `WidgetLimitGuard` on its way out: a widget past `widgetLimits` gets its refusal
 * (an `add /refusal` delta) instead of the part that crossed, and nothing more of it follows.
 */
export class AssistantMessageAssembler {
  readonly messageId: string;
  private parser = new WidgetStreamParser();
  private readonly createId: () => string;
  private widget: StreamedWidget | undefined;
  private readonly editableWidgets: EditableWidgetLookup;
  private edit: WidgetEditBuilder | undefined;
  // The revisions this reply's finished edits made, by lineage and by their own id: a second edit of the same
  // widget builds on the first, not on the revision the reply started from.
  private readonly editedInReply = new Map<string, EditableWidget>();
  // The limits of the widget whose parts go out now; a reply's widgets come one after another.
  private limits: { widgetId: string; guard: WidgetLimitGuard } | undefined;
  // The revisions this reply's edits were applied to, by id, as the reply reducer folds them (`widgetBases`).
  private readonly bases = new Map<string, { stored: GeneratedWidget; folded?: ReplyWidget }>();

  private readonly forbidCode: boolean;

  constructor({
    messageId,
    createId,
    editableWidgets = () => undefined,
    forbidCode = false,
  }: {
    messageId: string;
    createId: () => string;
    /** The thread's widgets an edit may name; none by default. */
    editableWidgets?: EditableWidgetLookup;
    /** Model-written code is turned off: every widget is refused (`code_forbidden`) before any of it goes out. */
    forbidCode?: boolean;
  }) {
    this.messageId = messageId;
    this.createId = createId;
    this.editableWidgets = editableWidgets;
    this.forbidCode = forbidCode;
  }

  /**
   * The widgets this reply's edits continue, by id: what a reducer folding the reply's events needs to start a
   * live edit's revision from its base (`replyEventReducer(assembler.widgetBases)`), as every reader does.
   */
  readonly widgetBases: WidgetLookup = (widgetId) => {
    const base = this.bases.get(widgetId);
    if (base === undefined) return undefined;
    base.folded ??= replyWidgetOfGenerated(base.stored);
    return base.folded;
  };

  /** Events for the text the model produced just now. */
  push(text: string): RunEvent[] {
    return this.toEvents(this.parser.push(text));
  }

  /** Events for whatever the parser held back (a tail that never became a marker), and an unfinished edit's end. */
  end(): RunEvent[] {
    const events = this.toEvents(this.parser.end());
    if (this.edit !== undefined && !this.edit.widget.complete)
      events.push(...this.editEvents(this.edit.finish()));
    return events;
  }

  /**
   * Ends the text before a tool call: flushes a held-back tail (which can no longer become a marker once the
   * model moved on to a tool call), and a widget block after the call starts a new widget.
   */
  endBeforeToolCall(): RunEvent[] {
    const events = this.end();
    this.parser = new WidgetStreamParser();
    this.closeWidget();
    return events;
  }

  private toEvents(chunks: WidgetChunk[]): RunEvent[] {
    const events: RunEvent[] = [];
    for (const chunk of chunks) {
      if (chunk.type === 'edit') events.push(...this.startEdit(chunk.delta));
      else if (this.edit !== undefined && chunk.type !== 'prose')
        events.push(...this.editEvents(this.edit.apply(chunk)));
      else events.push(...this.apply(chunk));
    }
    return events;
  }

  /** What follows a finished widget or a tool call: the next widget part starts a new widget. */
  private closeWidget(): void {
    this.widget = undefined;
    // A finished edit is what a later edit of the same widget in this reply builds on.
    this.rememberEdit();
    this.edit = undefined;
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
    // The base was drawn before, so it is within the limits; it still counts towards them. Every reader holds
    // it, so it is not sent: the revision's parts continue the base's (`fromBase`).
    const guard = this.guardOf(edit.widget.id);
    if (edit.base !== undefined) {
      for (const part of generatedWidgetParts(edit.base)) guard.admit(part);
      if (!this.bases.has(edit.base.id)) this.bases.set(edit.base.id, { stored: edit.base });
    }
    return [
      runEvents.widgetSnapshot({
        widgetId: edit.widget.id,
        revision: this.currentRevision(),
        ...(edit.base === undefined ? {} : { fromBase: true }),
      }),
    ];
  }

  /** Records the current edit as its lineage's latest revision, once it is complete and applied. */
  private rememberEdit(): void {
    const edit = this.edit;
    if (edit === undefined || !edit.widget.complete || edit.revision.failure !== undefined) return;
    // A revision stopped at a limit was never drawn: a later edit builds on the one before it.
    if (this.limits?.widgetId === edit.widget.id && this.limits.guard.refused) return;
    const editable = {
      lineageId: edit.revision.of,
      latest: structuredClone(edit.widget),
      number: edit.revision.number,
    };
    this.editedInReply.set(editable.lineageId, editable);
    this.editedInReply.set(edit.widget.id, editable);
  }

  /** An edit's output as one delta (a hunk and the `end` after it travel together), its revision first. */
  private editEvents({ parts, revision }: EditBuilderOutput): RunEvent[] {
    const edit = this.edit!;
    const widgetId = edit.widget.id;
    const guard = this.guardOf(widgetId);
    const admitted: WidgetPart[] = [];
    let refusal: WidgetRefusal | undefined;
    for (const part of parts) {
      // A hunk changes markup in the middle: its depth is measured on the whole markup it makes.
      const verdict = guard.admit(part, part.part === 'html' ? edit.widget.html : undefined);
      if (verdict.kind === 'admitted') admitted.push(part);
      else if (verdict.kind === 'refused') refusal = verdict.refusal;
    }
    const events: RunEvent[] =
      revision === undefined
        ? []
        : [runEvents.widgetRevision({ widgetId, revision: this.currentRevision() })];
    if (admitted.length > 0 || refusal !== undefined)
      events.push(
        runEvents.widgetParts({ widgetId, parts: admitted, ...(refusal === undefined ? {} : { refusal }) }),
      );
    return events;
  }

  /** A copy: the builder may still add a failure, and an event must say what was true when it was sent. */
  private currentRevision(): WidgetRevision {
    return structuredClone(this.edit!.revision);
  }

  /** The guard of `widgetId`'s limits, a new one when the widget is new. */
  private guardOf(widgetId: string): WidgetLimitGuard {
    if (this.limits?.widgetId !== widgetId)
      this.limits = { widgetId, guard: new WidgetLimitGuard({ forbidCode: this.forbidCode }) };
    return this.limits.guard;
  }

  /** The part's event, the widget's refusal instead when the part would pass a limit, or none after that. */
  private limitedPartEvents(widgetId: string, part: WidgetPart): RunEvent[] {
    const verdict = this.guardOf(widgetId).admit(part);
    switch (verdict.kind) {
      case 'admitted':
        return [runEvents.widgetPart({ widgetId, ...part })];
      case 'refused':
        return [runEvents.widgetRefused({ widgetId, refusal: verdict.refusal })];
      case 'dropped':
        return [];
    }
  }

  private apply(chunk: WidgetChunk): RunEvent[] {
    // AG-UI rejects an empty TEXT_MESSAGE_CONTENT delta.
    if (chunk.type === 'prose' && chunk.delta === '') return [];
    if (this.widget?.complete === true) this.closeWidget();
    if (chunk.type === 'prose') {
      return [runEvents.textContent({ messageId: this.messageId, delta: chunk.delta })];
    }
    // Hunk markers outside an edit block are text to the parser; nothing else can arrive here.
    if (!isWidgetPartType(chunk.type)) return [];
    const events: RunEvent[] = [];
    if (this.widget === undefined) {
      this.widget = { id: this.createId(), complete: false };
      events.push(runEvents.widgetSnapshot({ widgetId: this.widget.id }));
    }
    // The block is over even when a limit dropped its `end`: what follows starts a new widget.
    if (chunk.type === 'end') this.widget.complete = true;
    events.push(...this.limitedPartEvents(this.widget.id, { part: chunk.type, delta: chunk.delta }));
    return events;
  }
}
