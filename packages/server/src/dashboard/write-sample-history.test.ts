import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';
import { hasSampleHistory, sampleModelName, writeSampleHistory } from './write-sample-history.ts';

describe('writeSampleHistory', () => {
  it('writes a week of labelled runs, tool calls and widget events', async () => {
    let time = new Date('2026-11-30T12:00:00Z');
    const now = time;
    const store = await openSqliteStore({ path: ':memory:', clock: () => time });
    const telemetry = await openSqliteTelemetry({ path: ':memory:', clock: () => time });
    expect(await hasSampleHistory({ store })).toBe(false);
    const counts = await writeSampleHistory({
      store,
      telemetry,
      now,
      setTime: (next) => {
        time = next;
      },
    });
    expect(counts.runs).toBeGreaterThan(200);
    expect(counts.toolCalls).toBeGreaterThan(50);
    const runs = await store.listRuns({ since: '2026-11-23T00:00:00Z', until: '2026-11-30T12:00:00Z' });
    expect(runs).toHaveLength(counts.runs);
    expect(runs.every((run) => run.model === sampleModelName && run.endedAt !== null)).toBe(true);
    const threads = await store.listThreads();
    expect(threads.length).toBe(counts.threads);
    expect(threads.length).toBeLessThanOrEqual(6);
    expect(threads.every((thread) => thread.title.startsWith('Sample: '))).toBe(true);
    expect(runs[0]!.startedAt < '2026-11-24T00:00:00Z').toBe(true);
    for (const thread of threads) {
      const messages = await store.listMessages(thread.id);
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
      expect(messages[1]!.widget?.complete).toBe(true);
      expect(messages[1]!.widget?.html).toContain('Sample widget');
    }
    expect(await hasSampleHistory({ store })).toBe(true);
  });
});
