import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestStorage, storageDialects } from '../../../../test-support/open-test-storage.ts';
import { type AuditEntry, InMemoryAuditLog } from '../governance/audit-log.ts';
import { openStorage } from '../store/open-storage.ts';

function entry(index: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `a${index}`,
    at: `2026-11-30T10:00:0${index}.000Z`,
    actor: 'dashboard',
    threadId: index % 2 ? 't1' : 't2',
    runId: 'r1',
    toolCallId: `c${index}`,
    tool: index % 3 ? 'list_metrics' : 'render_chart',
    argumentsDigest: 'd',
    outcome: index === 4 ? 'refused' : 'ok',
    reason: index === 4 ? 'limit_exceeded: x' : null,
    durationMs: index,
    ...overrides,
  };
}

describe.each(storageDialects)('the telemetry on %s', (dialect) => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  async function telemetryStore(clock?: () => Date) {
    const storage = await openTestStorage({ dialect, ...(clock ? { clock } : {}) });
    opened.push(storage);
    return storage.telemetry;
  }

  it('answers audit queries exactly like the in-memory log', async () => {
    const telemetry = await telemetryStore();
    const memory = new InMemoryAuditLog();
    for (let index = 0; index < 8; index++) {
      await telemetry.append(entry(index));
      await memory.append(entry(index));
    }
    // Entries of the same millisecond come back newest-written first, as the in-memory log has them.
    for (const index of [8, 9]) {
      await telemetry.append(entry(index, { at: '2026-11-30T10:00:07.000Z' }));
      await memory.append(entry(index, { at: '2026-11-30T10:00:07.000Z' }));
    }
    for (const filter of [
      {},
      { tool: 'render_chart' },
      { outcome: 'refused' as const },
      { threadId: 't1', since: '2026-11-30T10:00:03.000Z' },
      { until: '2026-11-30T10:00:02.000Z', limit: 2 },
    ]) {
      expect(await telemetry.query(filter)).toEqual(await memory.query(filter));
    }
  });

  it('lists widget events within a window, oldest first', async () => {
    let time = new Date('2026-11-30T10:00:00Z');
    const telemetry = await telemetryStore(() => time);
    await telemetry.recordWidgetEvent({ threadId: 't1', widgetId: 'w1', kind: 'rendered', detail: '' });
    time = new Date('2026-11-30T11:00:00Z');
    await telemetry.recordWidgetEvent({ threadId: 't1', widgetId: 'w2', kind: 'error', detail: 'boom' });
    const events = await telemetry.listWidgetEvents({
      since: '2026-11-30T00:00:00Z',
      until: '2026-12-01T00:00:00Z',
    });
    expect(events.map((event) => [event.widgetId, event.kind, event.detail])).toEqual([
      ['w1', 'rendered', ''],
      ['w2', 'error', 'boom'],
    ]);
    expect(
      await telemetry.listWidgetEvents({ since: '2026-11-30T10:30:00Z', until: '2026-11-30T12:00:00Z' }),
    ).toMatchObject([{ widgetId: 'w2' }]);
  });
});

describe('the telemetry in a SQLite file', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps widget events across reopening the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'telemetry-'));
    folders.push(folder);
    const location = { dialect: 'sqlite' as const, path: join(folder, 'drawbridge.db') };
    const first = await openStorage({ location, clock: () => new Date('2026-11-30T10:00:00Z') });
    await first.telemetry.recordWidgetEvent({
      threadId: 't1',
      widgetId: 'w1',
      kind: 'csp_violation',
      detail: 'img-src',
    });
    await first.close();
    const second = await openStorage({ location });
    const events = await second.telemetry.listWidgetEvents({
      since: '2026-11-30T00:00:00Z',
      until: '2026-12-01T00:00:00Z',
    });
    expect(events).toMatchObject([
      { threadId: 't1', widgetId: 'w1', kind: 'csp_violation', detail: 'img-src' },
    ]);
    await second.close();
  });
});
