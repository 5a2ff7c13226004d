import {
  applyWidgetHunk,
  createSeededRandom,
  EventType,
  emptyReplyMessage,
  isDrawbridgeActivity,
  type ReplySegment,
  type RunEvent,
  replyEventReducer,
  replySegments,
  type WidgetPart,
  type WidgetRevision,
  widgetActivityChanges,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { AssistantMessageAssembler } from './assistant-message-assembler.ts';
import type { EditableWidget } from './widget-edit-builder.ts';

const counter: EditableWidget = {
  lineageId: 'w1',
  number: 1,
  latest: {
    id: 'w1',
    height: 200,
    css: '.counter { color: #111; }\n',
    html: '<div class="counter">\n  <output>0</output>\n  <button id="add">+1</button>\n</div>\n',
    js: "const add = document.getElementById('add');\nadd.onclick = () => {};\n",
    complete: true,
  },
};

/** The reply's segments as stored: the protocol's reducer over the events, the edits' bases beside it. */
const segmentsOf = (events: RunEvent[], assembler: AssistantMessageAssembler): ReplySegment[] =>
  replySegments(events.reduce(replyEventReducer(assembler.widgetBases), emptyReplyMessage('m2')));

function assemble(pieces: string[]): { last: ReplySegment; events: RunEvent[] } {
  let next = 0;
  const assembler = new AssistantMessageAssembler({
    messageId: 'm2',
    createId: () => `id-${++next}`,
    editableWidgets: (id) => (id === 'w1' || id === 'w1-alias' ? counter : undefined),
  });
  const events = pieces.flatMap((piece) => assembler.push(piece)).concat(assembler.end());
  return { last: segmentsOf(events, assembler).at(-1)!, events };
}

/** The widget parts the events carry, in order. */
function widgetPartsOf(events: RunEvent[]): WidgetPart[] {
  return events.flatMap((event) =>
    isDrawbridgeActivity(event, 'drawbridge.widget') ? widgetActivityChanges(event).parts : [],
  );
}

/** The revisions the events announce, in order, with the widget each is of. */
function revisionsOf(events: RunEvent[]): { widgetId: string; revision: WidgetRevision }[] {
  return events.flatMap((event) => {
    if (!isDrawbridgeActivity(event, 'drawbridge.widget')) return [];
    const { revision } = widgetActivityChanges(event);
    return revision === undefined ? [] : [{ widgetId: event.messageId, revision }];
  });
}

/**
 * The channels as a consumer that holds the base rebuilds them from the events: a live edit (`fromBase`)
 * starts from the base, a part with `replace` starts its channel afresh, a hunk must find its search text.
 */
function replayChannels(events: RunEvent[]): Record<string, string> {
  const snapshot = events.find(
    (event) => isDrawbridgeActivity(event, 'drawbridge.widget') && event.type === EventType.ACTIVITY_SNAPSHOT,
  );
  const fromBase = snapshot?.type === EventType.ACTIVITY_SNAPSHOT && snapshot.content.fromBase === true;
  const { height, css, html, js } = counter.latest;
  const channels: Record<string, string> = fromBase
    ? { height: String(height), css, html, js }
    : { height: '', css: '', html: '', js: '' };
  for (const { part, delta, replace, search } of widgetPartsOf(events)) {
    if (part === 'end') continue;
    if (search !== undefined) {
      const patched = applyWidgetHunk(channels[part]!, search, delta);
      if (patched === undefined) throw new Error(`a ${part} hunk does not apply: ${search}`);
      channels[part] = patched;
    } else channels[part] = replace === true ? delta : channels[part] + delta;
  }
  return channels;
}

const hunkReply = [
  'Added a reset button.\n@@EDIT:w1@@\n@@HTML@@\n',
  '@@SEARCH@@\n  <button id="add">+1</button>\n@@REPLACE@@\n',
  '  <button id="add">+1</button>\n  <button id="reset">Reset</button>\n',
  '@@JS@@\n@@SEARCH@@\nadd.onclick = () => {};\n@@REPLACE@@\nadd.onclick = () => {};\nreset.onclick = () => {};\n',
  '@@END@@\n',
].join('');

describe('edit replies', () => {
  /** A reply cut by a tool call after its first edit (segments are how one reply holds two blocks). */
  function assembleTwoSegments(first: string, second: string) {
    let next = 0;
    const assembler = new AssistantMessageAssembler({
      messageId: 'm2',
      createId: () => `id-${++next}`,
      editableWidgets: (id) => (id === 'w1' ? counter : undefined),
    });
    const events = assembler.push(first);
    events.push(...assembler.endBeforeToolCall(), ...assembler.push(second), ...assembler.end());
    const segments = segmentsOf(events, assembler);
    return { first: segments[0]!, last: segments.at(-1)!, events };
  }

  it('number a second edit of the same widget in one reply against the first, which it builds on', () => {
    const secondEdit = [
      'And a darker text.\n@@EDIT:w1@@\n@@CSS@@\n',
      '@@SEARCH@@\n.counter { color: #111; }\n@@REPLACE@@\n.counter { color: #000; }\n',
      '@@END@@\n',
    ].join('');
    const { last, first, events } = assembleTwoSegments(hunkReply, secondEdit);
    expect(first.widget?.revision).toEqual({ of: 'w1', number: 2, baseId: 'w1' });
    const firstId = first.widget!.id;
    expect(revisionsOf(events).map(({ revision }) => revision)).toEqual([
      { of: 'w1', number: 2, baseId: 'w1' },
      { of: 'w1', number: 3, baseId: firstId },
    ]);
    const widget = last.widget!;
    // The second revision keeps the first's reset button and adds its own change.
    expect(widget.html).toContain('<button id="reset">Reset</button>');
    expect(widget.js).toContain('reset.onclick');
    expect(widget.css).toBe('.counter { color: #000; }\n');
    expect(widget.revision).toEqual({ of: 'w1', number: 3, baseId: firstId });
  });

  it('builds a second edit on the first also when it names the first by its new id', () => {
    const secondEdit =
      '@@EDIT:id-1@@\n@@JS@@\n@@SEARCH@@\nreset.onclick = () => {};\n@@REPLACE@@\nreset.onclick = () => add.click();\n@@END@@\n';
    const { last, first } = assembleTwoSegments(hunkReply, secondEdit);
    expect(first.widget!.id).toBe('id-1');
    const widget = last.widget!;
    expect(widget.revision).toEqual({ of: 'w1', number: 3, baseId: 'id-1' });
    expect(widget.html).toContain('<button id="reset">Reset</button>');
    expect(widget.js).toContain('reset.onclick = () => add.click();');
  });

  it('make a revision of the named widget: the base, then each hunk applied, stored whole', () => {
    const { last, events } = assemble([hunkReply]);
    expect(revisionsOf(events)).toEqual([
      { widgetId: 'id-1', revision: { of: 'w1', number: 2, baseId: 'w1' } },
    ]);
    const widget = last.widget!;
    expect(widget).toEqual({
      id: 'id-1',
      height: 200,
      css: counter.latest.css,
      html: '<div class="counter">\n  <output>0</output>\n  <button id="add">+1</button>\n  <button id="reset">Reset</button>\n</div>\n',
      js: "const add = document.getElementById('add');\nadd.onclick = () => {};\nreset.onclick = () => {};\n",
      complete: true,
      revision: { of: 'w1', number: 2, baseId: 'w1' },
    });
    expect(replayChannels(events)).toEqual({
      height: '200',
      css: widget.css,
      html: widget.html,
      js: widget.js,
    });
    expect(last.content).toBe('Added a reset button.\n');
  });

  it('gives the same revision however the reply is cut', () => {
    const whole = assemble([hunkReply]).last;
    const random = createSeededRandom(7);
    for (let run = 0; run < 300; run += 1) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        Math.floor(random() * hunkReply.length),
      ).sort((first, second) => first - second);
      const pieces = [0, ...cuts].map((start, index) =>
        hunkReply.slice(start, [...cuts, hunkReply.length][index]),
      );
      const { last, events } = assemble(pieces);
      expect(last).toEqual(whole);
      const { widget } = whole;
      expect(replayChannels(events)).toEqual({
        height: '200',
        css: widget!.css,
        html: widget!.html,
        js: widget!.js,
      });
    }
  });

  it('replaces a whole part live, keeping the others, and ignores blank lines before a hunk', () => {
    const { last, events } = assemble([
      '@@EDIT:w1-alias@@\n@@CSS@@\n.counter { color',
      ': #eee; }\n@@HTML@@\n\n@@SEARCH@@\n<output>0</output>\n@@REPLACE@@\n<output>10</output>\n@@END@@',
    ]);
    const widget = last.widget!;
    expect(widget.css).toBe('.counter { color: #eee; }\n');
    expect(widget.html).toContain('<output>10</output>');
    expect(widget.js).toBe(counter.latest.js);
    const cssParts = widgetPartsOf(events).filter(({ part }) => part === 'css');
    expect(cssParts.map(({ delta, replace }) => [delta, replace])).toEqual([
      ['.counter { color', true],
      [': #eee; }\n', undefined],
    ]);
    expect(replayChannels(events)).toEqual({
      height: '200',
      css: widget.css,
      html: widget.html,
      js: widget.js,
    });
  });

  it('sends the patch, not the widget: a snapshot naming its base, then each hunk as it applies', () => {
    const { events } = assemble([hunkReply]);
    const widgetEvents = events.filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'));
    expect(widgetEvents).toEqual([
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: 'id-1',
        activityType: 'drawbridge.widget',
        content: { parts: [], revision: { of: 'w1', number: 2, baseId: 'w1' }, fromBase: true },
      },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: 'id-1',
        activityType: 'drawbridge.widget',
        patch: [
          {
            op: 'add',
            path: '/parts/-',
            value: {
              part: 'html',
              search: '  <button id="add">+1</button>\n',
              delta: '  <button id="add">+1</button>\n  <button id="reset">Reset</button>\n',
            },
          },
        ],
      },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: 'id-1',
        activityType: 'drawbridge.widget',
        patch: [
          {
            op: 'add',
            path: '/parts/-',
            value: {
              part: 'js',
              search: 'add.onclick = () => {};\n',
              delta: 'add.onclick = () => {};\nreset.onclick = () => {};\n',
            },
          },
          { op: 'add', path: '/parts/-', value: { part: 'end', delta: '' } },
        ],
      },
    ]);
  });

  it('sends a hunk matched ignoring indentation with its text as the part holds it', () => {
    const { last, events } = assemble([
      '@@EDIT:w1@@\n@@HTML@@\n@@SEARCH@@\n<button id="add">+1</button>  \n@@REPLACE@@\n<button id="add">+2</button>\n@@END@@',
    ]);
    expect(widgetPartsOf(events)[0]).toEqual({
      part: 'html',
      search: '  <button id="add">+1</button>\n',
      delta: '<button id="add">+2</button>\n',
    });
    expect(replayChannels(events).html).toBe(last.widget!.html);
  });

  it('sends the whole part when the text a loose match found also stands earlier, mid-line', () => {
    const base = counter.latest;
    const tricky: EditableWidget = {
      ...counter,
      latest: { ...base, css: '/*  x { a: 1; }\n*/\n  x { a: 1; }\n' },
    };
    let next = 0;
    const assembler = new AssistantMessageAssembler({
      messageId: 'm2',
      createId: () => `id-${++next}`,
      editableWidgets: (id) => (id === 'w1' ? tricky : undefined),
    });
    const events = [
      ...assembler.push(
        '@@EDIT:w1@@\n@@CSS@@\n@@SEARCH@@\n    x { a: 1; }\n@@REPLACE@@\ny { b: 2; }\n@@END@@',
      ),
      ...assembler.end(),
    ];
    // The loose match is the third line; its text ("  x { a: 1; }") first stands at the end of the first line,
    // where a reader searching exactly would change the wrong one.
    expect(widgetPartsOf(events)[0]).toEqual({
      part: 'css',
      delta: '/*  x { a: 1; }\n*/\ny { b: 2; }\n',
      replace: true,
    });
  });

  it('fails the whole edit on a hunk that does not match: the base is kept and the reason is sent', () => {
    const { last, events } = assemble([
      '@@EDIT:w1@@\n@@CSS@@\n.counter { color: red; }\n@@HTML@@\n@@SEARCH@@\n<span>nope</span>\n@@REPLACE@@\n<b>x</b>\n@@JS@@\nlater();\n@@END@@',
    ]);
    const widget = last.widget!;
    expect(widget.revision?.failure).toEqual({
      code: 'hunk_not_found',
      message: 'Hunk 1 (HTML): the search text “<span>nope</span>” is not in revision 1.',
    });
    expect({ css: widget.css, html: widget.html, js: widget.js, complete: widget.complete }).toEqual({
      css: counter.latest.css,
      html: counter.latest.html,
      js: counter.latest.js,
      complete: true,
    });
    const revisions = revisionsOf(events).map(({ revision }) => revision);
    expect(revisions[0]?.failure).toBeUndefined();
    expect(revisions[1]?.failure?.code).toBe('hunk_not_found');
    expect(replayChannels(events)).toMatchObject({ css: counter.latest.css, js: counter.latest.js });
  });

  it('names each malformed hunk', () => {
    const cases: [string, string][] = [
      ['@@EDIT:w1@@\n@@SEARCH@@\na\n@@REPLACE@@\nb\n@@END@@', 'hunk_outside_part'],
      ['@@EDIT:w1@@\n@@CSS@@\n@@SEARCH@@\n.counter\n@@END@@', 'hunk_without_replace'],
      ['@@EDIT:w1@@\n@@CSS@@\n@@SEARCH@@\n@@REPLACE@@\nx\n@@END@@', 'empty_search'],
      ['@@EDIT:nobody@@\n@@CSS@@\np{}\n@@END@@', 'unknown_widget'],
    ];
    for (const [reply, code] of cases)
      expect(assemble([reply]).last.widget?.revision?.failure?.code, reply).toBe(code);
  });

  it('applies a complete last hunk when the stream stops before @@END@@', () => {
    const { last } = assemble([
      '@@EDIT:w1@@\n@@CSS@@\n@@SEARCH@@\n.counter { color: #111; }\n@@REPLACE@@\n.counter { color: #222; }\n',
    ]);
    const widget = last.widget!;
    expect(widget.css).toBe('.counter { color: #222; }\n');
    expect(widget.complete).toBe(false);
  });
});
