import { describe, expect, it } from 'vitest';
import { WidgetStateBook } from './widget-state-book.ts';

const key = { threadId: 't1', lineageId: 'w-1' };

describe('WidgetStateBook', () => {
  it('reads the latest state at once and stores only the newest of those set while one is on its way', async () => {
    const saved: string[] = [];
    const releases: Array<() => void> = [];
    const book = new WidgetStateBook({
      save: ({ json }) =>
        new Promise<void>((resolve) => {
          saved.push(json);
          releases.push(resolve);
        }),
    });
    book.adopt('t1', [{ lineageId: 'w-1', state: { count: 1 }, updatedAt: '2026-01-01T00:00:00Z' }]);
    expect(book.read(key)).toBe('{"count":1}');
    const first = book.write({ ...key, json: '{"count":2}', baseUrl: undefined });
    const second = book.write({ ...key, json: '{"count":3}', baseUrl: undefined });
    const third = book.write({ ...key, json: '{"count":4}', baseUrl: undefined });
    expect(book.read(key)).toBe('{"count":4}');
    // What the server answers for a thread loaded meanwhile does not undo a state not stored yet.
    book.adopt('t1', [{ lineageId: 'w-1', state: { count: 1 }, updatedAt: '2026-01-01T00:00:00Z' }]);
    expect(book.read(key)).toBe('{"count":4}');
    releases.shift()!();
    await expect(first).resolves.toEqual({ ok: true, message: 'Kept.' });
    await expect.poll(() => saved).toEqual(['{"count":2}', '{"count":4}']);
    releases.shift()!();
    await expect(Promise.all([second, third])).resolves.toEqual([
      { ok: true, message: 'Kept.' },
      { ok: true, message: 'Kept.' },
    ]);
  });

  it("answers a refused save with the server's words", async () => {
    const book = new WidgetStateBook({
      save: async () => {
        throw new Error('widget w-1 does not exist in thread t1');
      },
    });
    await expect(book.write({ ...key, json: '{}', baseUrl: undefined })).resolves.toEqual({
      ok: false,
      message: 'widget w-1 does not exist in thread t1',
    });
  });
});
