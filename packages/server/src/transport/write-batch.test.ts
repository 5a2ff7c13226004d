import { describe, expect, it } from 'vitest';
import { WriteBatch } from './write-batch.ts';

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('WriteBatch', () => {
  it('flushes every stream added in one turn together, in order, at the end of the turn', async () => {
    const batch = new WriteBatch({ maxWaitingStreams: 10 });
    const flushed: string[] = [];
    batch.add(() => flushed.push('a'));
    await Promise.resolve();
    batch.add(() => flushed.push('b'));
    await nextTick();
    expect(flushed).toEqual([]);
    await turnEnd();
    expect(flushed).toEqual(['a', 'b']);
  });

  it('flushes in the same tick once the most streams it holds back are waiting', async () => {
    const batch = new WriteBatch({ maxWaitingStreams: 3 });
    const flushed: number[] = [];
    for (let stream = 0; stream < 3; stream += 1) batch.add(() => flushed.push(stream));
    await nextTick();
    expect(flushed).toEqual([0, 1, 2]);
    batch.add(() => flushed.push(3));
    await turnEnd();
    expect(flushed).toEqual([0, 1, 2, 3]);
  });

  it('takes a stream added while the batch flushes into the next batch', async () => {
    const batch = new WriteBatch({ maxWaitingStreams: 10 });
    const flushed: string[] = [];
    batch.add(() => {
      flushed.push('first');
      batch.add(() => flushed.push('again'));
    });
    await turnEnd();
    expect(flushed).toEqual(['first']);
    await turnEnd();
    expect(flushed).toEqual(['first', 'again']);
  });
});
