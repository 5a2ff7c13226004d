import { describe, expect, it } from 'vitest';
import { ConnectionQueue } from './connection-queue.ts';

describe('ConnectionQueue', () => {
  it('lends the connection at once when nobody holds it', async () => {
    const queue = new ConnectionQueue();
    await queue.acquire();
    expect(queue.waiting).toBe(0);
  });

  it('hands it on in the order it was asked for, one holder at a time', async () => {
    const queue = new ConnectionQueue();
    await queue.acquire();
    const order: number[] = [];
    const holders = [1, 2, 3].map((holder) =>
      queue.acquire().then(() => {
        order.push(holder);
      }),
    );
    expect(queue.waiting).toBe(3);
    await Promise.resolve();
    expect(order).toEqual([]);
    for (const expected of [[1], [1, 2], [1, 2, 3]]) {
      queue.release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual(expected);
    }
    await Promise.all(holders);
    expect(queue.waiting).toBe(0);
  });

  it('is free again once the last holder releases it', async () => {
    const queue = new ConnectionQueue();
    await queue.acquire();
    queue.release();
    let lent = false;
    void queue.acquire().then(() => {
      lent = true;
    });
    await Promise.resolve();
    expect(lent).toBe(true);
  });
});
