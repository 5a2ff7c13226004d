import { describe, expect, it } from 'vitest';
import { generatedWidgetParts, type WidgetPart, type WidgetRevision } from '../generated-widget.ts';
import { EventType, type RunEvent, runEvents } from '../run-events.ts';
import type { WidgetRefusal } from '../widget-refusal.ts';
import { applyActivityEvent } from './apply-activity-event.ts';
import { applyReplyEvent, replyEventReducer } from './apply-reply-event.ts';
import { emptyReplyMessage, generatedWidgetOf, type ReplyMessage } from './reply-message.ts';
import { activityWidgetLookup, replyWidgetOfGenerated } from './widget-lookups.ts';

const messageId = 'msg-1';
const widgetId = 'wid-1';
const revision: WidgetRevision = { of: 'wid-0', number: 2, baseId: 'wid-0' };

const widgetStart = (
  content: { parts?: WidgetPart[]; revision?: WidgetRevision; refusal?: WidgetRefusal } = {},
) => runEvents.widgetSnapshot({ widgetId, ...content });
const widgetPart = (part: WidgetPart['part'], delta = '') => runEvents.widgetPart({ widgetId, part, delta });

function fold(events: RunEvent[], start: ReplyMessage = emptyReplyMessage(messageId)): ReplyMessage {
  return events.reduce(applyReplyEvent, start);
}

describe('a drawbridge.widget activity in a reply', () => {
  it('is the widget part with its id, built from the snapshot and one part per delta', () => {
    const message = fold([
      runEvents.textContent({ messageId, delta: 'A counter.' }),
      widgetStart(),
      widgetPart('height', '1'),
      widgetPart('height', '60'),
      widgetPart('css', 'b{}'),
      widgetPart('html', '<b>0'),
      widgetPart('html', '</b>'),
      widgetPart('end'),
      runEvents.textContent({ messageId, delta: 'Click it.' }),
    ]);
    expect(message.parts.map((part) => part.kind)).toEqual(['prose', 'widget', 'prose']);
    const part = message.parts[1];
    if (part?.kind !== 'widget') throw new Error('no widget');
    expect(part.widget).toMatchObject({
      id: widgetId,
      height: 160,
      complete: true,
      lastPart: 'end',
      markupBytes: 8,
    });
    expect(generatedWidgetOf(part.widget)).toEqual({
      id: widgetId,
      height: 160,
      css: 'b{}',
      html: '<b>0</b>',
      js: '',
      complete: true,
    });
  });

  it('takes a revision with the snapshot, and again from a delta when the edit fails', () => {
    const failed = { ...revision, failure: { code: 'hunk_not_found' as const, message: 'no match' } };
    const message = fold([
      widgetStart({ parts: [{ part: 'html', delta: '<p>', replace: true }], revision }),
      runEvents.widgetRevision({ widgetId, revision: failed }),
    ]);
    const part = message.parts[0];
    if (part?.kind !== 'widget') throw new Error('no widget');
    expect(part.widget.revision).toEqual(failed);
    expect(part.widget.parts.text('html')).toBe('<p>');
  });

  it('takes the refusal of a widget stopped at a limit, from the snapshot or a delta', () => {
    const refusal = { code: 'markup_too_deep' as const, message: 'Too deep.' };
    const fromDelta = fold([
      widgetStart(),
      widgetPart('html', '<div>'),
      runEvents.activityDelta({
        messageId: widgetId,
        activityType: 'drawbridge.widget',
        patch: [{ op: 'add', path: '/refusal', value: refusal }],
      }),
    ]);
    const fromSnapshot = fold([widgetStart({ parts: [{ part: 'html', delta: '<div>' }], refusal })]);
    for (const message of [fromDelta, fromSnapshot]) {
      const part = message.parts[0];
      if (part?.kind !== 'widget') throw new Error('no widget');
      expect(generatedWidgetOf(part.widget)).toMatchObject({ html: '<div>', complete: false, refusal });
    }
  });

  it('is replaced in place by a new snapshot, kept by one that says replace: false', () => {
    const started = fold([
      widgetStart(),
      widgetPart('html', '<i>'),
      runEvents.textContent({ messageId, delta: 'x' }),
    ]);
    const replaced = fold([widgetStart({ parts: [{ part: 'html', delta: '<u>' }] })], started);
    expect(replaced.parts.map((part) => part.kind)).toEqual(['widget', 'prose']);
    const part = replaced.parts[0];
    if (part?.kind !== 'widget') throw new Error('no widget');
    expect(part.widget.parts.text('html')).toBe('<u>');
    const kept = applyReplyEvent(started, { ...widgetStart(), replace: false });
    expect(kept).toBe(started);
  });

  it('leaves the reply as it is for a delta of a widget it does not hold', () => {
    const message = fold([runEvents.textContent({ messageId, delta: 'hi' })]);
    expect(applyReplyEvent(message, widgetPart('html', '<p>'))).toBe(message);
  });
});

describe('a live edit (fromBase) in a reply', () => {
  const base = replyWidgetOfGenerated({
    id: 'wid-0',
    height: 120,
    css: 'p{color:red}',
    html: '<p>0</p><button>+1</button>',
    js: 'go()',
    complete: true,
  });
  const edit = [
    runEvents.widgetSnapshot({ widgetId, revision, fromBase: true }),
    runEvents.widgetParts({
      widgetId,
      parts: [
        { part: 'html', search: '<button>+1</button>', delta: '<button>+1</button><button>0</button>' },
        { part: 'js', search: 'go()', delta: 'go(); reset()' },
        { part: 'end', delta: '' },
      ],
    }),
  ];

  it('starts from its base, found outside the reply, and applies each hunk to it', () => {
    const message = edit.reduce(
      replyEventReducer((id) => (id === 'wid-0' ? base : undefined)),
      emptyReplyMessage(messageId),
    );
    const part = message.parts[0];
    if (part?.kind !== 'widget') throw new Error('no widget');
    // The base's log itself, then the edit: a frame that shows the base is handed the edit alone.
    expect(part.widget.parts.partsAfter(base.parts)).toHaveLength(3);
    expect(generatedWidgetOf(part.widget)).toEqual({
      id: widgetId,
      height: 120,
      css: 'p{color:red}',
      html: '<p>0</p><button>+1</button><button>0</button>',
      js: 'go(); reset()',
      complete: true,
      revision,
    });
  });

  it('continues a base the same reply holds (a second edit of one widget in a reply)', () => {
    const first = [
      runEvents.widgetSnapshot({ widgetId: 'wid-0' }),
      ...generatedWidgetParts({ ...generatedWidgetOf(base), id: 'wid-0' }).map((part) =>
        runEvents.widgetPart({ widgetId: 'wid-0', ...part }),
      ),
    ];
    const widget = fold([...first, ...edit]).parts[1];
    if (widget?.kind !== 'widget') throw new Error('no widget');
    expect(widget.widget.parts.text('js')).toBe('go(); reset()');
  });

  it('starts empty without its base, and its hunks find nothing to change', () => {
    const part = fold(edit).parts[0];
    if (part?.kind !== 'widget') throw new Error('no widget');
    expect(generatedWidgetOf(part.widget)).toMatchObject({ css: '', html: '', js: '', complete: true });
  });

  it("is drawn by a stock client's renderer from its activity messages, each seeded from its base", () => {
    // What HttpAgent keeps: each activity's content with its deltas' parts appended.
    const baseMessage = {
      id: 'wid-0',
      role: 'activity',
      activityType: 'drawbridge.widget',
      content: { parts: generatedWidgetParts(generatedWidgetOf(base)) },
    };
    const editContent = { parts: [] as WidgetPart[], revision, fromBase: true };
    for (const event of edit)
      if (event.type === EventType.ACTIVITY_DELTA)
        for (const operation of event.patch)
          if (operation.path === '/parts/-') editContent.parts.push(operation.value);
    const lookup = activityWidgetLookup([
      { id: 'u1', role: 'user', content: 'add a reset button' },
      baseMessage,
      { id: widgetId, role: 'activity', activityType: 'drawbridge.widget', content: editContent },
      { id: 'broken', role: 'activity', activityType: 'drawbridge.widget', content: { parts: 'no' } },
    ]);
    expect(lookup(widgetId)?.parts.text('html')).toBe('<p>0</p><button>+1</button><button>0</button>');
    expect(lookup(widgetId)?.revision).toEqual(revision);
    expect(lookup('broken')).toBeUndefined();
    expect(lookup('u1')).toBeUndefined();
  });
});

describe('the view of a tool call in a reply', () => {
  it('leaves the reply as it is: the call it shows is drawn from its TOOL_CALL_* events', () => {
    const started = fold([
      runEvents.toolCallStart({
        toolCallId: 'call-1',
        toolCallName: 'render_table',
        parentMessageId: messageId,
      }),
      runEvents.toolCallArgs({ toolCallId: 'call-1', delta: '{"rows":[]}' }),
      runEvents.toolCallEnd({ toolCallId: 'call-1' }),
    ]);
    const views = [
      runEvents.renderToolActivity({ toolCallId: 'call-1', toolName: 'render_table', args: { rows: [] } }),
      runEvents.mcpViewActivity({
        toolCallId: 'call-1',
        toolName: 'mcp__notes__show-note',
        serverName: 'notes',
        serverToolName: 'show-note',
        resourceUri: 'ui://fixture/note.html',
        input: {},
        result: { content: [] },
      }),
    ];
    for (const view of views) expect(applyReplyEvent(started, view)).toBe(started);
  });
});

describe('an activity of another type in a reply', () => {
  const surface = { surfaceId: 'booking', components: [{ id: 'title', text: 'Book a table' }] };
  const snapshot = runEvents.activitySnapshot({
    messageId: 'a2ui-1',
    activityType: 'a2ui-surface',
    content: surface,
  });

  it('is an activity part holding its content, patched by its deltas', () => {
    const message = fold([
      runEvents.textContent({ messageId, delta: 'Here is the form.' }),
      snapshot,
      runEvents.activityDelta({
        messageId: 'a2ui-1',
        activityType: 'a2ui-surface',
        patch: [{ op: 'replace', path: '/components/0/text', value: 'Book a table for two' }],
      }),
    ]);
    expect(message.parts).toEqual([
      { kind: 'prose', text: 'Here is the form.' },
      {
        kind: 'activity',
        activity: {
          id: 'a2ui-1',
          activityType: 'a2ui-surface',
          content: { surfaceId: 'booking', components: [{ id: 'title', text: 'Book a table for two' }] },
        },
      },
    ]);
    expect(surface.components[0]?.text).toBe('Book a table');
  });

  it('keeps its content when a patch does not apply, as a whole', () => {
    const message = fold([snapshot]);
    const failing = runEvents.activityDelta({
      messageId: 'a2ui-1',
      activityType: 'a2ui-surface',
      patch: [
        { op: 'add', path: '/title', value: 'half' },
        { op: 'replace', path: '/missing', value: 1 },
      ],
    });
    expect(applyReplyEvent(message, failing)).toBe(message);
  });
});

describe('applyActivityEvent', () => {
  const activity = { id: 'a1', activityType: 'progress', content: { step: 1 } };

  it('sets the content from a snapshot unless it says replace: false and the activity exists', () => {
    const snapshot = runEvents.activitySnapshot({
      messageId: 'a1',
      activityType: 'progress',
      content: { step: 2 },
    });
    expect(applyActivityEvent(undefined, snapshot)).toEqual({ ...activity, content: { step: 2 } });
    expect(applyActivityEvent(activity, snapshot)).toEqual({ ...activity, content: { step: 2 } });
    expect(applyActivityEvent(activity, { ...snapshot, replace: false })).toBe(activity);
    expect(applyActivityEvent(undefined, { ...snapshot, replace: false })).toEqual({
      ...activity,
      content: { step: 2 },
    });
  });

  it('ignores a delta for an activity not seen, and one that would leave no object', () => {
    const delta = (patch: Parameters<typeof runEvents.activityDelta>[0]['patch']) =>
      runEvents.activityDelta({ messageId: 'a1', activityType: 'progress', patch });
    expect(applyActivityEvent(undefined, delta([{ op: 'add', path: '/step', value: 3 }]))).toBeUndefined();
    expect(applyActivityEvent(activity, delta([{ op: 'replace', path: '', value: 'text' }]))).toBe(activity);
    expect(applyActivityEvent(activity, delta([{ op: 'add', path: '/step', value: 3 }]))).toEqual({
      ...activity,
      content: { step: 3 },
    });
  });
});
