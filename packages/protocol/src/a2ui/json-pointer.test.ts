import { describe, expect, it } from 'vitest';
import {
  type JsonValue,
  pointerOf,
  pointerTokens,
  readPointer,
  resolvePointer,
  writePointer,
} from './json-pointer.ts';

describe('JSON Pointer', () => {
  it('reads tokens with and without the leading slash, unescaping ~1 and ~0', () => {
    expect(pointerTokens('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerTokens('user/name')).toEqual(['user', 'name']);
    expect(pointerTokens('/')).toEqual([]);
    expect(pointerOf(['a/b', 'c~d'])).toBe('/a~1b/c~0d');
  });

  it('resolves relative paths against the template item they are read in', () => {
    expect(resolvePointer('name', '/employees/1')).toBe('/employees/1/name');
    expect(resolvePointer('/company', '/employees/1')).toBe('/company');
    expect(resolvePointer('name', '/')).toBe('/name');
  });

  it('reads objects and arrays, and nothing through a primitive or an inherited key', () => {
    const document = { list: [{ name: 'a' }], text: 'x' };
    expect(readPointer(document, '/list/0/name')).toBe('a');
    expect(readPointer(document, '/list/1/name')).toBeUndefined();
    expect(readPointer(document, '/text/length')).toBeUndefined();
    expect(readPointer(document, '/constructor')).toBeUndefined();
  });

  it('writes by copying the path, creating what is missing, never changing the document given', () => {
    const document = Object.freeze({ a: Object.freeze({ b: 1 }), keep: Object.freeze([1]) });
    const written = writePointer(document as unknown as JsonValue, '/a/c/d', 'new') as Record<
      string,
      unknown
    >;
    expect(written).toEqual({ a: { b: 1, c: { d: 'new' } }, keep: [1] });
    expect(written.keep).toBe(document.keep);
    expect(writePointer({ a: 1, b: 2 }, '/a', undefined)).toEqual({ b: 2 });
    expect(writePointer({ list: [1, 2, 3] }, '/list/1', undefined)).toEqual({ list: [1, null, 3] });
  });

  it('stores a `__proto__` token as data, not as a prototype', () => {
    const written = writePointer({}, '/__proto__/polluted', true) as Record<string, unknown>;
    expect(Object.getPrototypeOf(written)).toBe(Object.prototype);
    expect(JSON.stringify(written)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
