import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import type { Storage } from './open-storage.ts';

describe.each(storageDialects)('retention and deletion on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function storageAt(clock: () => Date): Promise<Storage> {
    const storage = await freshStorage({ clock });
    return storage;
  }

  function auditEntry(threadId: string, at: string) {
    return {
      id: `${threadId}-${at}`,
      at,
      actor: 'agent:widgets',
      threadId,
      runId: 'r1',
      toolCallId: 'c1',
      tool: 'render_table',
      argumentsDigest: 'x',
      outcome: 'ok' as const,
      reason: null,
      durationMs: 1,
    };
  }

  it('deletes a thread with its audit records and widget events, and nothing of other threads', async () => {
    const time = new Date('2026-11-01T10:00:00Z');
    const { store, telemetry } = await storageAt(() => time);
    const doomed = await store.createThread({ id: 'doomed' });
    const kept = await store.createThread({ id: 'kept' });
    for (const thread of [doomed, kept]) {
      await store.startRun({ id: `run-${thread.id}`, threadId: thread.id, model: 'demo' });
      await telemetry.append(auditEntry(thread.id, '2026-11-01T10:00:00.000Z'));
      await telemetry.recordWidgetEvent({
        threadId: thread.id,
        widgetId: 'w1',
        kind: 'rendered',
        detail: '',
      });
    }
    expect(await store.deleteThread('doomed')).toBe(true);
    expect((await telemetry.query({})).map((record) => record.threadId)).toEqual(['kept']);
    const window = { since: '2026-11-01T00:00:00Z', until: '2026-11-02T00:00:00Z' };
    expect((await telemetry.listWidgetEvents(window)).map((event) => event.threadId)).toEqual(['kept']);
    expect((await store.listRuns()).map((run) => run.threadId)).toEqual(['kept']);
  });

  it('prunes ended runs, audit records and widget events older than the cutoff, never a running run', async () => {
    let time = new Date('2026-10-01T10:00:00Z');
    const { store, telemetry } = await storageAt(() => time);
    await store.createThread({ id: 't1' });
    await store.startRun({ id: 'old-finished', threadId: 't1', model: 'demo' });
    await store.finishRun('old-finished', { status: 'finished' });
    await telemetry.append(auditEntry('t1', '2026-10-01T10:00:00.000Z'));
    await telemetry.recordWidgetEvent({ threadId: 't1', widgetId: 'w1', kind: 'rendered', detail: '' });
    await store.createThread({ id: 't2' });
    await store.startRun({ id: 'old-running', threadId: 't2', model: 'demo' });
    time = new Date('2026-11-20T10:00:00Z');
    await store.createThread({ id: 't3' });
    await store.startRun({ id: 'recent', threadId: 't3', model: 'demo' });
    await store.finishRun('recent', { status: 'finished' });
    await telemetry.append(auditEntry('t3', '2026-11-20T10:00:00.000Z'));

    const before = '2026-11-01T00:00:00.000Z';
    expect(await store.pruneEndedRuns({ before })).toBe(1);
    expect(await telemetry.pruneBefore({ before })).toEqual({ auditRecords: 1, widgetEvents: 1 });
    expect((await store.listRuns()).map((run) => run.id).sort()).toEqual(['old-running', 'recent']);
    expect((await telemetry.query({})).map((record) => record.threadId)).toEqual(['t3']);
  });
});
