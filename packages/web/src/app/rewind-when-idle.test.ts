import { ApiError } from '@drawbridge/react';
import { describe, expect, it } from 'vitest';
import { rewindWhenIdle } from './rewind-when-idle.ts';

const busy = () => new ApiError({ code: 'run_in_progress', message: 'busy', status: 409 });

describe('rewindWhenIdle', () => {
  it('waits out a reply that is still ending, then rewinds', async () => {
    let calls = 0;
    const pauses: number[] = [];
    const answer = await rewindWhenIdle({
      threadId: 't',
      body: { turn: 0 },
      rewind: async () => {
        calls += 1;
        if (calls < 3) throw busy();
        return { text: 'hello', messages: [] };
      },
      pause: async (milliseconds) => pauses.push(milliseconds),
    });
    expect(answer.text).toBe('hello');
    expect(pauses).toHaveLength(2);
  });

  it('gives up after a bounded number of tries, and at once on any other refusal', async () => {
    let calls = 0;
    await expect(
      rewindWhenIdle({
        threadId: 't',
        body: { turn: 0 },
        rewind: async () => {
          calls += 1;
          throw busy();
        },
        pause: async () => undefined,
      }),
    ).rejects.toMatchObject({ code: 'run_in_progress' });
    expect(calls).toBe(8);
    const missing = new ApiError({ code: 'turn_not_found', message: 'gone', status: 404 });
    await expect(
      rewindWhenIdle({
        threadId: 't',
        body: { turn: 3 },
        rewind: () => Promise.reject(missing),
        pause: async () => undefined,
      }),
    ).rejects.toBe(missing);
  });
});
