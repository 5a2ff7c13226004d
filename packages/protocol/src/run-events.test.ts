import { readFileSync } from 'node:fs';
import { EventSchemas } from '@ag-ui/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isDrawbridgeActivity, widgetActivityContentSchema } from './activities/drawbridge-activities.ts';
import { widgetActivityChanges } from './activities/widget-activity-changes.ts';
import { decodeEventStream } from './codecs/decode-event-stream.ts';
import { encodeNdjsonEvent } from './codecs/ndjson-encoder.ts';
import {
  type DrawbridgeEventName,
  drawbridgeEventValueSchemas,
  isDrawbridgeEvent,
} from './drawbridge-events.ts';
import { EventType, parseRunEvent, type RunEvent, runEvents } from './run-events.ts';

const everyConstructedEvent: RunEvent[] = [
  runEvents.runStarted({ threadId: 't1', runId: 'r1' }),
  runEvents.runInfo({ model: 'gpt-test', demo: false, runId: 'durable-1' }),
  runEvents.textStart({ messageId: 'm1' }),
  runEvents.textContent({ messageId: 'm1', delta: 'Hello ' }),
  runEvents.widgetSnapshot({ widgetId: 'w1' }),
  runEvents.widgetPart({ widgetId: 'w1', part: 'height', delta: '320' }),
  runEvents.heartbeat(1000),
  runEvents.widgetSnapshot({
    widgetId: 'w2',
    parts: [{ part: 'css', delta: 'p{}', replace: true }],
    revision: { of: 'w1', number: 2, baseId: 'w1' },
  }),
  runEvents.widgetSnapshot({
    widgetId: 'w3',
    revision: { of: 'w1', number: 3, baseId: 'w2' },
    fromBase: true,
  }),
  runEvents.widgetParts({
    widgetId: 'w3',
    parts: [
      { part: 'html', search: '<p>', delta: '<p class="x">' },
      { part: 'end', delta: '' },
    ],
  }),
  runEvents.widgetRevision({
    widgetId: 'w2',
    revision: { of: 'w1', number: 2, baseId: 'w1', failure: { code: 'hunk_not_found', message: 'no match' } },
  }),
  runEvents.activitySnapshot({
    messageId: 'a2ui-1',
    activityType: 'a2ui-surface',
    content: { operations: [] },
    replace: false,
  }),
  runEvents.activityDelta({
    messageId: 'a2ui-1',
    activityType: 'a2ui-surface',
    patch: [{ op: 'add', path: '/operations/-', value: { beginRendering: { surfaceId: 's' } } }],
  }),
  runEvents.toolCallStart({ toolCallId: 'c1', toolCallName: 'render_chart', parentMessageId: 'm1' }),
  runEvents.toolCallArgs({ toolCallId: 'c1', delta: '{}' }),
  runEvents.toolCallEnd({ toolCallId: 'c1' }),
  runEvents.parkedCall({ toolCallId: 'c1' }),
  runEvents.reply({ messageId: 'm1', model: 'gpt-test', inputTokens: 120, outputTokens: null }),
  runEvents.toolCallResult({ messageId: 'tool-1', toolCallId: 'c1', content: 'Displayed the chart.' }),
  runEvents.textEnd({ messageId: 'm1' }),
  runEvents.runFinished({ threadId: 't1', runId: 'r1' }),
  runEvents.runFinished({
    threadId: 't1',
    runId: 'r2',
    outcome: {
      type: 'interrupt',
      interrupts: [
        { id: 'c2', reason: 'drawbridge.client_tool', toolCallId: 'c2', message: 'Draw the chart.' },
      ],
    },
  }),
  runEvents.runFinished({
    threadId: 't1',
    runId: 'r3',
    outcome: { type: 'success', pendingToolCallIds: ['c3'] },
  }),
  runEvents.runError({ message: 'The model stopped answering.', code: 'model_timeout' }),
];

function errorText(value: unknown): string {
  const result = parseRunEvent(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return z.prettifyError(result.error);
}

describe('runEvents constructors', () => {
  it('build events that parse back unchanged', () => {
    for (const event of everyConstructedEvent) {
      expect(parseRunEvent(event)).toEqual({ success: true, event });
    }
  });

  it('build events a stock AG-UI client accepts', () => {
    for (const event of everyConstructedEvent) {
      expect(EventSchemas.safeParse(event).success, event.type).toBe(true);
    }
  });

  it('spell the shapes the wire contract documents', () => {
    expect(runEvents.widgetSnapshot({ widgetId: 'w' })).toEqual({
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'w',
      activityType: 'drawbridge.widget',
      content: { parts: [] },
    });
    expect(runEvents.widgetPart({ widgetId: 'w', part: 'end', delta: '' })).toEqual({
      type: 'ACTIVITY_DELTA',
      messageId: 'w',
      activityType: 'drawbridge.widget',
      patch: [{ op: 'add', path: '/parts/-', value: { part: 'end', delta: '' } }],
    });
    expect(runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' })).toEqual({
      type: 'CUSTOM',
      name: 'drawbridge.run',
      value: { model: 'demo', demo: true, runId: 'durable-1' },
    });
    expect(runEvents.heartbeat(5)).toEqual({
      type: 'CUSTOM',
      name: 'drawbridge.heartbeat',
      value: { at: 5 },
    });
  });

  it('leave optional fields out instead of writing undefined', () => {
    expect(Object.keys(runEvents.runError({ message: 'failed' }))).toEqual(['type', 'message']);
    expect(Object.keys(runEvents.toolCallStart({ toolCallId: 'c', toolCallName: 'n' }))).toEqual([
      'type',
      'toolCallId',
      'toolCallName',
    ]);
  });
});

describe('parseRunEvent', () => {
  it('reports a bad widget part at its exact path', () => {
    const text = errorText({
      ...runEvents.widgetPart({ widgetId: 'w', part: 'css', delta: 'x' }),
      patch: [{ op: 'add', path: '/parts/-', value: { part: 'prose', delta: 'x' } }],
    });
    expect(text).toContain('→ at patch[0].value.part');
    expect(text).not.toContain('Invalid input');
  });

  it('requires the typed value of each of our CUSTOM names', () => {
    expect(errorText({ type: 'CUSTOM', name: 'drawbridge.heartbeat', value: { at: 'soon' } })).toContain(
      'value.at',
    );
    expect(errorText({ type: 'CUSTOM', name: 'drawbridge.run', value: { model: 'x' } })).toContain(
      'value.demo',
    );
    expect(errorText({ type: 'CUSTOM', name: 'drawbridge.reply' })).toContain('value');
    expect(errorText({ type: 'CUSTOM', name: 'drawbridge.parked', value: {} })).toContain('value.toolCallId');
  });

  it('lets CUSTOM events with other names through with any value', () => {
    const event = { type: 'CUSTOM', name: 'someone.else', value: [1, 'two'] };
    expect(parseRunEvent(event)).toEqual({ success: true, event });
  });

  it('does not resolve a CUSTOM name through the prototype chain', () => {
    const event = { type: 'CUSTOM', name: 'constructor', value: 1 };
    expect(parseRunEvent(event)).toEqual({ success: true, event });
  });

  it('accepts the optional AG-UI timestamp and keeps unknown fields, as AG-UI does', () => {
    const event = {
      type: 'RUN_STARTED',
      threadId: 't',
      runId: 'r',
      timestamp: 1_750_000_000_000,
      extra: true,
    };
    expect(parseRunEvent(event)).toEqual({ success: true, event });
    expect(errorText({ ...event, timestamp: 1.5 })).toContain('timestamp');
  });

  it('checks the content and patch of our activity types at their exact paths', () => {
    const widget = { messageId: 'w', activityType: 'drawbridge.widget' };
    expect(
      errorText({ type: 'ACTIVITY_SNAPSHOT', ...widget, content: { parts: [{ part: 'prose', delta: '' }] } }),
    ).toContain('→ at content.parts[0].part');
    expect(
      errorText({
        type: 'ACTIVITY_DELTA',
        ...widget,
        patch: [{ op: 'replace', path: '/parts/0', value: { part: 'css', delta: '' } }],
      }),
    ).toContain('patch[0]');
    expect(errorText({ type: 'ACTIVITY_SNAPSHOT', ...widget, content: {} })).toContain('content.parts');
    // A hunk changes CSS, markup or script, never replaces its part; only a revision continues a base.
    const hunk = (value: object) => ({
      type: 'ACTIVITY_DELTA',
      ...widget,
      patch: [{ op: 'add', path: '/parts/-', value }],
    });
    expect(errorText(hunk({ part: 'end', search: 'x', delta: '' }))).toContain('patch[0].value.search');
    expect(errorText(hunk({ part: 'css', search: 'x', delta: '', replace: true }))).toContain(
      'patch[0].value.search',
    );
    expect(errorText(hunk({ part: 'css', search: '', delta: 'y' }))).toContain('patch[0].value.search');
    expect(parseRunEvent(hunk({ part: 'js', search: 'x', delta: '' })).success).toBe(true);
    expect(
      errorText({ type: 'ACTIVITY_SNAPSHOT', ...widget, content: { parts: [], fromBase: true } }),
    ).toContain('content.fromBase');
  });

  it('lets activities of other types through with any content and any JSON Patch', () => {
    const snapshot = {
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'a',
      activityType: 'constructor',
      content: { x: 1 },
    };
    expect(parseRunEvent(snapshot)).toEqual({ success: true, event: snapshot });
    const delta = {
      type: 'ACTIVITY_DELTA',
      messageId: 'a',
      activityType: 'mcp-apps',
      patch: [{ op: 'move', from: '/a', path: '/b' }],
    };
    expect(parseRunEvent(delta)).toEqual({ success: true, event: delta });
    // Still AG-UI's event: the patch must be a JSON Patch.
    expect(errorText({ ...delta, patch: [{ op: 'append', path: '/a' }] })).toContain('patch');
  });

  it('rejects event types a Drawbridge run never emits, and non-objects', () => {
    expect(errorText({ type: 'STATE_SNAPSHOT', snapshot: {} })).toContain('type');
    expect(parseRunEvent('RUN_STARTED').success).toBe(false);
    expect(parseRunEvent(null).success).toBe(false);
  });

  it('rejects a required field of the wrong type', () => {
    expect(errorText({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 3 })).toContain('delta');
  });
});

describe('the drawbridge event declaration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('validates the value of every name it declares, at the value path', () => {
    for (const name of Object.keys(drawbridgeEventValueSchemas)) {
      expect(errorText({ type: 'CUSTOM', name, value: 'not an object' }), name).toContain('→ at value');
    }
  });

  it('checks a value once where the event enters, and the guard compares names only', async () => {
    const parkedValueSchema = drawbridgeEventValueSchemas['drawbridge.parked'];
    const check = vi.spyOn(parkedValueSchema, 'safeParse');
    const parked = runEvents.parkedCall({ toolCallId: 'c1' });
    const body = new Blob([encodeNdjsonEvent(parked)]).stream();
    const decoded: RunEvent[] = [];
    for await (const event of decodeEventStream(body)) decoded.push(event);
    expect(decoded).toEqual([parked]);
    expect(check).toHaveBeenCalledTimes(1);
    expect(decoded.filter((event) => isDrawbridgeEvent(event, 'drawbridge.parked'))).toEqual([parked]);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('drops fields a value does not declare, so a narrowed value holds only its own', () => {
    const result = parseRunEvent({
      type: 'CUSTOM',
      name: 'drawbridge.parked',
      value: { toolCallId: 'c1', injected: true },
    });
    expect(result).toEqual({ success: true, event: runEvents.parkedCall({ toolCallId: 'c1' }) });
  });

  it('rejects a forged value where the event enters', () => {
    expect(
      errorText({ type: EventType.CUSTOM, name: 'drawbridge.reply', value: { model: 'demo' } }),
    ).toContain('value.messageId');
  });
});

describe('isDrawbridgeEvent', () => {
  it('picks out exactly the CUSTOM events of its name', () => {
    const heartbeat = runEvents.heartbeat(1);
    const runInfo = runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' });
    const foreign: RunEvent = { type: EventType.CUSTOM, name: 'someone.else', value: {} };
    const prose = runEvents.textContent({ messageId: 'm', delta: 'x' });
    const parked = runEvents.parkedCall({ toolCallId: 'c1' });
    const reply = runEvents.reply({ messageId: 'm', model: 'demo', inputTokens: 1, outputTokens: 2 });
    const widget = runEvents.widgetPart({ widgetId: 'w', part: 'css', delta: 'a{}' });
    const all: RunEvent[] = [heartbeat, runInfo, parked, reply, widget, foreign, prose];
    const named = (name: DrawbridgeEventName) => all.filter((event) => isDrawbridgeEvent(event, name));
    expect(named('drawbridge.reply')).toEqual([reply]);
    expect(named('drawbridge.parked')).toEqual([parked]);
    expect(named('drawbridge.heartbeat')).toEqual([heartbeat]);
    expect(named('drawbridge.run')).toEqual([runInfo]);
  });

  it('narrows the value type', () => {
    const event: RunEvent = runEvents.parkedCall({ toolCallId: 'c1' });
    expect(isDrawbridgeEvent(event, 'drawbridge.parked') ? event.value.toolCallId : undefined).toBe('c1');
  });
});

describe('our activity declaration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks content once where the event enters, and the guard compares the activity type only', async () => {
    const check = vi.spyOn(widgetActivityContentSchema, 'safeParse');
    const snapshot = runEvents.widgetSnapshot({ widgetId: 'w', parts: [{ part: 'css', delta: 'a{}' }] });
    const body = new Blob([encodeNdjsonEvent(snapshot)]).stream();
    const decoded: RunEvent[] = [];
    for await (const event of decodeEventStream(body)) decoded.push(event);
    expect(decoded).toEqual([snapshot]);
    expect(check).toHaveBeenCalledTimes(1);
    expect(decoded.filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'))).toEqual([snapshot]);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('picks out the snapshots and deltas of its type, not another type nor a CUSTOM event', () => {
    const snapshot = runEvents.widgetSnapshot({ widgetId: 'w' });
    const part = runEvents.widgetPart({ widgetId: 'w', part: 'html', delta: '<p>' });
    const surface = runEvents.activitySnapshot({ messageId: 's', activityType: 'a2ui-surface', content: {} });
    const custom: RunEvent = { type: EventType.CUSTOM, name: 'drawbridge.widget', value: {} };
    const all: RunEvent[] = [snapshot, part, surface, custom];
    expect(all.filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'))).toEqual([snapshot, part]);
  });

  it('gives what a widget event brings, from a snapshot or a delta', () => {
    const revision = { of: 'w0', number: 2, baseId: 'w0' };
    expect(widgetActivityChanges(runEvents.widgetSnapshot({ widgetId: 'w', revision }))).toEqual({
      parts: [],
      revision,
    });
    expect(widgetActivityChanges(runEvents.widgetPart({ widgetId: 'w', part: 'js', delta: 'go()' }))).toEqual(
      {
        parts: [{ part: 'js', delta: 'go()' }],
      },
    );
    expect(widgetActivityChanges(runEvents.widgetRevision({ widgetId: 'w', revision }))).toEqual({
      parts: [],
      revision,
    });
  });
});

describe('the example run in docs/protocol.md', () => {
  const markdown = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const block = /```ndjson[^\n]*\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const lines = block.split('\n').filter((line) => line.length > 0);

  it('is made of valid run events in the documented order', () => {
    const events = lines.map((line) => {
      const result = parseRunEvent(JSON.parse(line));
      if (!result.success) throw new Error(`${line}\n${z.prettifyError(result.error)}`);
      return result.event;
    });
    const labels = events.map((event) => (event.type === 'CUSTOM' ? event.name : event.type));
    expect(labels.slice(0, 3)).toEqual(['RUN_STARTED', 'drawbridge.run', 'TEXT_MESSAGE_START']);
    expect(labels.slice(-2)).toEqual(['TEXT_MESSAGE_END', 'RUN_FINISHED']);
    const widgetEvents = events.filter((event) => isDrawbridgeActivity(event, 'drawbridge.widget'));
    expect(widgetEvents.map((event) => event.type)[0]).toBe('ACTIVITY_SNAPSHOT');
    expect(
      widgetEvents.flatMap((event) => widgetActivityChanges(event).parts.map(({ part }) => part)),
    ).toEqual(['height', 'css', 'html', 'html', 'js', 'end']);
    const firstWidget = events.indexOf(widgetEvents[0]!);
    const lastWidget = events.indexOf(widgetEvents.at(-1)!);
    expect(labels.slice(0, firstWidget)).toContain('TEXT_MESSAGE_CONTENT');
    expect(labels.slice(lastWidget)).toContain('TEXT_MESSAGE_CONTENT');
  });
});
