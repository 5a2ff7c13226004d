import { type BaseEvent, EventType, HttpAgent, type JsonPatchOperation } from '@ag-ui/client';
import { describe, expect, it } from 'vitest';
import { encodeSseEvent } from '../codecs/sse-encoder.ts';
import type { RunEvent } from '../run-events.ts';
import { applyJsonPatch } from './apply-json-patch.ts';

/** The content a stock AG-UI client (`HttpAgent`) holds after a snapshot of `document` and one delta. */
async function stockClientContent(document: unknown, patch: JsonPatchOperation[]): Promise<unknown> {
  const activity = { messageId: 'a1', activityType: 'test' };
  const events: BaseEvent[] = [
    { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' } as BaseEvent,
    { type: EventType.ACTIVITY_SNAPSHOT, ...activity, content: document } as BaseEvent,
    { type: EventType.ACTIVITY_DELTA, ...activity, patch } as BaseEvent,
    { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' } as BaseEvent,
  ];
  const body = events.map((event) => encodeSseEvent(event as RunEvent)).join('');
  const agent = new HttpAgent({
    url: 'http://127.0.0.1/api/agent',
    fetch: async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
  });
  await agent.runAgent({});
  return (agent.messages[0] as { content: unknown }).content;
}

// RFC 6902, appendix A: document, patch, and the result (or that it fails).
const rfcExamples: [string, unknown, JsonPatchOperation[], unknown][] = [
  [
    'A.1 adding an object member',
    { foo: 'bar' },
    [{ op: 'add', path: '/baz', value: 'qux' }],
    { baz: 'qux', foo: 'bar' },
  ],
  [
    'A.2 adding an array element',
    { foo: ['bar', 'baz'] },
    [{ op: 'add', path: '/foo/1', value: 'qux' }],
    { foo: ['bar', 'qux', 'baz'] },
  ],
  [
    'A.3 removing an object member',
    { baz: 'qux', foo: 'bar' },
    [{ op: 'remove', path: '/baz' }],
    { foo: 'bar' },
  ],
  [
    'A.4 removing an array element',
    { foo: ['bar', 'qux', 'baz'] },
    [{ op: 'remove', path: '/foo/1' }],
    { foo: ['bar', 'baz'] },
  ],
  [
    'A.5 replacing a value',
    { baz: 'qux', foo: 'bar' },
    [{ op: 'replace', path: '/baz', value: 'boo' }],
    { baz: 'boo', foo: 'bar' },
  ],
  [
    'A.6 moving a value',
    { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  ],
  [
    'A.7 moving an array element',
    { foo: ['all', 'grass', 'cows', 'eat'] },
    [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
    { foo: ['all', 'cows', 'eat', 'grass'] },
  ],
  [
    'A.8 testing a value: success',
    { baz: 'qux', foo: ['a', 2, 'c'] },
    [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ],
    { baz: 'qux', foo: ['a', 2, 'c'] },
  ],
  ['A.9 testing a value: error', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }], 'fails'],
  [
    'A.10 adding a nested member object',
    { foo: 'bar' },
    [{ op: 'add', path: '/child', value: { grandchild: {} } }],
    { foo: 'bar', child: { grandchild: {} } },
  ],
  [
    'A.12 adding to a nonexistent target',
    { foo: 'bar' },
    [{ op: 'add', path: '/baz/bat', value: 'qux' }],
    'fails',
  ],
  [
    'A.14 ~ escape ordering',
    { '/': 9, '~1': 10 },
    [{ op: 'test', path: '/~01', value: 10 }],
    { '/': 9, '~1': 10 },
  ],
  [
    'A.15 comparing strings and numbers',
    { '/': 9, '~1': 10 },
    [{ op: 'test', path: '/~01', value: '10' }],
    'fails',
  ],
  [
    'A.16 adding an array value',
    { foo: ['bar'] },
    [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }],
    { foo: ['bar', ['abc', 'def']] },
  ],
];

describe('applyJsonPatch', () => {
  it.each(rfcExamples)('%s', (_name, document, patch, expected) => {
    const before = structuredClone(document);
    const result = applyJsonPatch(document, patch);
    if (expected === 'fails') expect(result.success).toBe(false);
    else expect(result).toEqual({ success: true, document: expected });
    expect(document).toEqual(before);
  });

  it('shares what the patch did not touch', () => {
    const document = { parts: [{ part: 'css' }], revision: { of: 'w1' } };
    const result = applyJsonPatch(document, [{ op: 'add', path: '/parts/-', value: { part: 'html' } }]);
    if (!result.success) throw new Error(result.error.message);
    const patched = result.document as typeof document;
    expect(patched.revision).toBe(document.revision);
    expect(patched.parts[0]).toBe(document.parts[0]);
    expect(document.parts).toHaveLength(1);
  });

  it('applies a patch whole or not at all, naming the operation that failed', () => {
    const document = { items: ['a'] };
    expect(
      applyJsonPatch(document, [
        { op: 'add', path: '/items/-', value: 'b' },
        { op: 'replace', path: '/missing', value: 1 },
      ]),
    ).toEqual({
      success: false,
      error: {
        code: 'missing_target',
        operation: 1,
        message: 'operation 1 (replace): nothing at "/missing"',
      },
    });
  });

  it('refuses pointers and indexes RFC 6901 does not allow', () => {
    const document = { items: ['a', 'b'] };
    const failure = (patch: JsonPatchOperation[]) => {
      const result = applyJsonPatch(document, patch);
      return result.success ? undefined : result.error.code;
    };
    expect(failure([{ op: 'add', path: 'items', value: 1 }])).toBe('invalid_pointer');
    expect(failure([{ op: 'add', path: '/items/01', value: 1 }])).toBe('invalid_index');
    expect(failure([{ op: 'add', path: '/items/3', value: 1 }])).toBe('invalid_index');
    expect(failure([{ op: 'replace', path: '/items/-', value: 1 }])).toBe('invalid_index');
    expect(failure([{ op: 'remove', path: '' }])).toBe('invalid_pointer');
    expect(failure([{ op: 'move', from: '/items', path: '/items/0' }])).toBe('invalid_pointer');
  });

  it('never reaches a prototype member, and adds "__proto__" as an own member', () => {
    expect(applyJsonPatch({}, [{ op: 'replace', path: '/constructor', value: 1 }]).success).toBe(false);
    const result = applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    if (!result.success) throw new Error(result.error.message);
    expect(Object.hasOwn(result.document as object, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('gives the content a stock AG-UI client (HttpAgent) gives', async () => {
    const document = { parts: [{ part: 'css', delta: 'a' }], meta: { title: 't', tags: ['x', 'y'] } };
    const patches: JsonPatchOperation[][] = [
      [{ op: 'add', path: '/parts/-', value: { part: 'html', delta: '<b>' } }],
      [{ op: 'add', path: '/parts/0', value: { part: 'height', delta: '3' } }],
      [{ op: 'replace', path: '/meta/title', value: 'u' }],
      [{ op: 'remove', path: '/meta/tags/0' }],
      [{ op: 'copy', from: '/meta/tags', path: '/copied' }],
      [{ op: 'move', from: '/meta/title', path: '/title' }],
      [{ op: 'add', path: '', value: { whole: true } }],
      [{ op: 'replace', path: '', value: { whole: 'replaced' } }],
    ];
    for (const patch of patches) {
      expect(applyJsonPatch(document, patch)).toEqual({
        success: true,
        document: await stockClientContent(document, patch),
      });
    }
  });
});
