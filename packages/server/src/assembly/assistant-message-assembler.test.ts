import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  isDrawbridgeActivity,
  type RunEvent,
  replySegments,
  widgetActivityChanges,
  widgetLimits,
  widgetRefusal,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { AssistantMessageAssembler } from './assistant-message-assembler.ts';

function assemblerWithIds({ forbidCode = false } = {}): AssistantMessageAssembler {
  let next = 0;
  const createId = () => {
    next += 1;
    return `id-${next}`;
  };
  return new AssistantMessageAssembler({ messageId: 'm1', createId, forbidCode });
}

/** The reply as stored: the protocol's reducer over the events, cut into segments. */
const storedOf = (events: RunEvent[]) =>
  replySegments(events.reduce(applyReplyEvent, emptyReplyMessage('m1')));

describe('AssistantMessageAssembler', () => {
  it('streams the widget in parts that fold into the shared shape, its height read however the text was cut', () => {
    const assembler = assemblerWithIds();
    const events = [
      'Here.\n@@HEI',
      'GHT: 4',
      '20px @@\n@@CSS@@\np{}\n@@HTML@@\n<p>',
      'hi</p>\n@@JS@@\ngo()\n@@END@@',
    ]
      .flatMap((text) => assembler.push(text))
      .concat(assembler.end());
    const widgetEvents = events.filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'));
    // One snapshot as the widget starts, then one delta per part.
    expect(widgetEvents.map((event) => event.type)).toEqual([
      EventType.ACTIVITY_SNAPSHOT,
      ...widgetEvents.slice(1).map(() => EventType.ACTIVITY_DELTA),
    ]);
    const parts = widgetEvents.flatMap((event) =>
      widgetActivityChanges(event).parts.map(({ part, delta }) => [part, delta]),
    );
    expect(parts[0]).toEqual(['height', '420']);
    expect(parts.at(-1)).toEqual(['end', '']);
    expect(storedOf(events)).toEqual([
      {
        id: 'm1',
        content: 'Here.\n',
        widget: { id: 'id-1', height: 420, css: 'p{}\n', html: '<p>hi</p>\n', js: 'go()\n', complete: true },
      },
    ]);
  });

  it('clamps the height the model asked for and leaves it null when there was none', () => {
    const tall = assemblerWithIds();
    expect(storedOf(tall.push('@@HEIGHT:90000@@\n@@HTML@@\n<p>x</p>\n@@END@@'))[0]?.widget?.height).toBe(
      4000,
    );
    const none = assemblerWithIds();
    expect(storedOf(none.push('@@HTML@@\n<p>x</p>'))[0]?.widget).toMatchObject({
      height: null,
      complete: false,
      html: '<p>x</p>',
    });
  });

  it('starts a widget block after a tool call with a fresh id and without the first block’s height', () => {
    const assembler = assemblerWithIds();
    const events = assembler.push('@@HEIGHT:300@@\n@@HTML@@\n<p>one</p>\n@@END@@');
    events.push(...assembler.endBeforeToolCall(), ...assembler.push('@@HTML@@\n<p>two</p>\n@@END@@'));
    expect(storedOf(events).map((segment) => segment.widget)).toMatchObject([
      { id: 'id-1', height: 300, complete: true },
      { id: 'id-2', height: null, html: '<p>two</p>\n', complete: true },
    ]);
  });

  it('keeps the prose under one message id and the widget under its own when prose follows it', () => {
    const assembler = assemblerWithIds();
    const events = ['Before.\n@@HTML@@\n<p>one</p>\n@@END@@', 'After', ' one.'].flatMap((text) =>
      assembler.push(text),
    );
    events.push(...assembler.end());
    expect(storedOf(events)).toEqual([
      {
        id: 'm1',
        content: 'Before.\n',
        widget: { id: 'id-1', height: null, css: '', html: '<p>one</p>\n', js: '', complete: true },
      },
      { id: 'm1-2', content: 'After one.' },
    ]);
    expect(events.map((event) => [event.type, 'messageId' in event ? event.messageId : undefined])).toEqual([
      ['TEXT_MESSAGE_CONTENT', 'm1'],
      ['ACTIVITY_SNAPSHOT', 'id-1'],
      ['ACTIVITY_DELTA', 'id-1'],
      ['ACTIVITY_DELTA', 'id-1'],
      ['TEXT_MESSAGE_CONTENT', 'm1'],
      ['TEXT_MESSAGE_CONTENT', 'm1'],
    ]);
  });
});

describe('AssistantMessageAssembler at the widget limits', () => {
  /**
   * The steps of a reply (text between tool calls: one widget block each), each pushed in pieces of
   * `pieceLength` characters, as a model streams them.
   */
  function assemble(steps: string[], pieceLength = 4096, { forbidCode = false } = {}): RunEvent[] {
    const assembler = assemblerWithIds({ forbidCode });
    const events: RunEvent[] = [];
    for (const [index, step] of steps.entries()) {
      if (index > 0) events.push(...assembler.endBeforeToolCall());
      for (let start = 0; start < step.length; start += pieceLength) {
        events.push(...assembler.push(step.slice(start, start + pieceLength)));
      }
    }
    return events.concat(assembler.end());
  }
  const harmless = '@@HTML@@\n<p>fine</p>\n@@END@@\n';
  /** The widget events that refuse a widget, each with its refusal. */
  const refusalsOf = (events: RunEvent[]) =>
    events.flatMap((event) => {
      if (!isDrawbridgeActivity(event, 'drawbridge.widget')) return [];
      const { refusal } = widgetActivityChanges(event);
      return refusal === undefined ? [] : [{ event, refusal }];
    });
  const widgetsOf = (events: RunEvent[]) => storedOf(events).flatMap((segment) => segment.widget ?? []);

  it('stops a widget past the size limit there, says so, and keeps the next widget whole', () => {
    const huge = `Before.\n@@CSS@@\np{}\n@@HTML@@\n<p>${'0123456789'.repeat(600_000)}</p>\n@@JS@@\ngo()\n@@END@@\nAfter.\n`;
    const events = assemble([huge, harmless]);
    const refusals = refusalsOf(events);
    expect(refusals.map(({ event, refusal }) => [event.messageId, refusal])).toEqual([
      ['id-1', widgetRefusal('widget_too_large')],
    ]);
    const [first, second] = widgetsOf(events);
    expect(first).toMatchObject({
      id: 'id-1',
      complete: false,
      js: '',
      refusal: { code: 'widget_too_large' },
    });
    expect(first!.css.length + first!.html.length).toBeLessThanOrEqual(widgetLimits.maxCharacters);
    expect(first!.html.length).toBeGreaterThan(widgetLimits.maxCharacters - 8192);
    expect(second).toEqual({
      id: 'id-2',
      height: null,
      css: '',
      html: '<p>fine</p>\n',
      js: '',
      complete: true,
    });
    // Nothing of the stopped widget is sent past the refusal, and the prose after it is kept.
    const afterRefusal = events.slice(events.indexOf(refusals[0]!.event) + 1);
    expect(
      afterRefusal.some(
        (event) => isDrawbridgeActivity(event, 'drawbridge.widget') && event.messageId === 'id-1',
      ),
    ).toBe(false);
    expect(storedOf(events).map((segment) => segment.content)).toEqual(['Before.\n', 'After.\n']);
  });

  it('refuses every widget before any of its code where model-written code is forbidden, keeping the prose', () => {
    const widget = 'Here.\n@@HEIGHT:300@@\n@@CSS@@\np{}\n@@HTML@@\n<p>x</p>\n@@JS@@\ngo()\n@@END@@\nAfter.\n';
    for (const pieceLength of [3, 4096]) {
      const events = assemble([widget, harmless], pieceLength, { forbidCode: true });
      expect(refusalsOf(events).map(({ refusal }) => refusal)).toEqual([
        widgetRefusal('code_forbidden'),
        widgetRefusal('code_forbidden'),
      ]);
      for (const stored of widgetsOf(events)) {
        expect(stored).toMatchObject({
          css: '',
          html: '',
          js: '',
          complete: false,
          refusal: { code: 'code_forbidden' },
        });
      }
      expect(storedOf(events).map((segment) => segment.content)).toEqual(['Here.\n', 'After.\n']);
    }
  });

  it('stops a widget whose markup nests past the depth limit, before the markup that crossed it', () => {
    const depth = 100_000;
    const deepMarkup = `<div>${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}</div>`;
    for (const pieceLength of [7, 4096]) {
      const events = assemble([`@@HTML@@\n${deepMarkup}\n@@END@@\n`, harmless], pieceLength);
      const [deep, next] = widgetsOf(events);
      expect(deep?.refusal).toEqual(widgetRefusal('markup_too_deep'));
      expect(deep!.html.split('<div>').length - 1).toBeLessThanOrEqual(widgetLimits.maxMarkupDepth);
      expect(next).toMatchObject({ html: '<p>fine</p>\n', complete: true });
    }
  });

  it('lets every demo widget through whole', async () => {
    const directory = fileURLToPath(new URL('../models/demo/replies/', import.meta.url));
    for (const file of await readdir(directory)) {
      if (!file.endsWith('.txt')) continue;
      const events = assemble([await readFile(join(directory, file), 'utf8')], 7);
      expect(refusalsOf(events), file).toEqual([]);
    }
  });
});
