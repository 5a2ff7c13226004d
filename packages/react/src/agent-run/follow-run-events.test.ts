import { type RunEvent, runEvents, type SequencedRunEvent } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { followRunEvents, type RunPosition } from './follow-run-events.ts';

const text = (delta: string) => runEvents.textContent({ messageId: 'm', delta });
const log: SequencedRunEvent[] = [
  { seq: 1, event: runEvents.runInfo({ model: 'test', demo: false, runId: 'run-1' }) },
  { seq: 2, event: text('one ') },
  { seq: 3, event: text('two ') },
  { seq: 4, event: text('three') },
  { seq: 5, event: runEvents.runFinished({ threadId: 't', runId: 'client-run' }) },
];

async function* play(events: SequencedRunEvent[], dropWith?: Error): AsyncGenerator<SequencedRunEvent> {
  for (const event of events) yield event;
  if (dropWith) throw dropWith;
}

describe('followRunEvents', () => {
  it('resumes a dropped connection after the last event taken in, taking nothing twice', async () => {
    const position: RunPosition = { runId: undefined, lastSeq: 0 };
    const taken: RunEvent[] = [];
    const resumedAfter: number[] = [];
    const waits: number[] = [];
    await followRunEvents({
      position,
      signal: new AbortController().signal,
      open: () => play(log.slice(0, 3), new TypeError('network error')),
      // The server replays from the asked point; an overlap (here seq 3 again) is skipped.
      resume: ({ runId, after }) => {
        expect(runId).toBe('run-1');
        resumedAfter.push(after);
        return resumedAfter.length === 1 ? play(log.slice(2, 3)) : play(log.slice(2));
      },
      onEvent: (event) => taken.push(event),
      waitToReconnect: async ({ attempt }) => {
        waits.push(attempt);
      },
    });
    expect(taken).toEqual(log.map(({ event }) => event));
    expect(resumedAfter).toEqual([3, 3]);
    // The second drop came after no new event, so it counts as a second attempt in a row.
    expect(waits).toEqual([1, 2]);
    expect(position).toEqual({ runId: 'run-1', lastSeq: 5 });
  });

  it('gives up on a refusal, and on a drop before the run said its id', async () => {
    const refusal = new ApiError({ code: 'run_events_expired', message: 'Gone.', status: 410 });
    const base = {
      signal: new AbortController().signal,
      onEvent: () => {},
      waitToReconnect: async () => {},
    };
    await expect(
      followRunEvents({
        ...base,
        position: { runId: 'run-1', lastSeq: 2 },
        open: () => play([], new TypeError('network error')),
        resume: () => play([], refusal),
      }),
    ).rejects.toBe(refusal);
    await expect(
      followRunEvents({
        ...base,
        position: { runId: undefined, lastSeq: 0 },
        open: () => play([{ event: text('no id yet') }], new TypeError('network error')),
        resume: () => play(log),
      }),
    ).rejects.toThrow('network error');
  });
  it('never takes an event across a gap in seqs: it drops the connection and resumes after the last it took', async () => {
    const position: RunPosition = { runId: undefined, lastSeq: 0 };
    const taken: number[] = [];
    const resumedAfter: number[] = [];
    const waits: number[] = [];
    await followRunEvents({
      position,
      signal: new AbortController().signal,
      // The connection skips seq 3 and 4, then says the run finished.
      open: () => play([log[0]!, log[1]!, log[4]!]),
      resume: ({ after }) => {
        resumedAfter.push(after);
        return play(log.slice(after));
      },
      onEvent: () => taken.push(position.lastSeq),
      waitToReconnect: async ({ attempt }) => {
        waits.push(attempt);
      },
    });
    expect(taken).toEqual([1, 2, 3, 4, 5]);
    expect(resumedAfter).toEqual([2]);
    expect(waits).toEqual([]);
  });
});
