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
    // Sample history feeds the dashboard's figures; it is nobody's chat, so the chat list shows none of it.
    expect(await store.listThreads({ kind: 'chat' })).toEqual([]);
    const threads = await store.listThreads({ kind: 'sample' });
    expect(threads.length).toBe(counts.threads);
    expect(threads.length).toBeLessThanOrEqual(6);
    expect(threads.every((thread) => thread.title.startsWith('Sample: '))).toBe(true);
    for (const thread of threads) expect(await store.listMessages(thread.id)).toEqual([]);
    expect(runs[0]!.startedAt < '2026-11-24T00:00:00Z').toBe(true);
    expect(await hasSampleHistory({ store })).toBe(true);
  });

  it('writes the same figures for the same seed and time, as before its threads left the chat list', async () => {
    let time = new Date('2026-11-30T12:00:00Z');
    const now = time;
    const store = await openSqliteStore({ path: ':memory:', clock: () => time });
    const telemetry = await openSqliteTelemetry({ path: ':memory:', clock: () => time });
    const counts = await writeSampleHistory({
      store,
      telemetry,
      now,
      setTime: (next) => {
        time = next;
      },
    });
    // Measured on the loader as it was when its threads were chats (commit cf995a5), seed 7.
    expect(counts).toEqual({ threads: 6, runs: 272, toolCalls: 115, widgetEvents: 174 });
    const runs = await store.listRuns();
    const total = (count: (run: (typeof runs)[number]) => number | null) =>
      runs.reduce((sum, run) => sum + (count(run) ?? 0), 0);
    expect([total((run) => run.inputTokens), total((run) => run.outputTokens)]).toEqual([
      1_411_141, 1_551_827,
    ]);
    expect(runs.filter((run) => run.status === 'error')).toHaveLength(8);
    expect(runs.filter((run) => run.status === 'cancelled')).toHaveLength(15);
    const audit = await telemetry.query({});
    expect([audit.length, audit.filter((entry) => entry.outcome !== 'ok').length]).toEqual([115, 13]);
  });
});
