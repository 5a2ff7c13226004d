import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AuditEntry, InMemoryAuditLog } from '../governance/audit-log.ts';
import { openSqliteTelemetry } from './open-sqlite-telemetry.ts';

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

describe('openSqliteTelemetry', () => {
  it('answers audit queries exactly like the in-memory log', async () => {
    const sqlite = openSqliteTelemetry({ path: ':memory:' });
    const memory = new InMemoryAuditLog();
    for (let index = 0; index < 8; index++) {
      await sqlite.append(entry(index));
      await memory.append(entry(index));
    }
    for (const filter of [
      {},
      { tool: 'render_chart' },
      { outcome: 'refused' as const },
      { threadId: 't1', since: '2026-11-30T10:00:03.000Z' },
      { until: '2026-11-30T10:00:02.000Z', limit: 2 },
    ]) {
      expect(await sqlite.query(filter)).toEqual(await memory.query(filter));
    }
  });

  it('keeps widget events across reopening the file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'telemetry-')), 'drawbridge.db');
    const first = openSqliteTelemetry({ path, clock: () => new Date('2026-11-30T10:00:00Z') });
    await first.recordWidgetEvent({
      threadId: 't1',
      widgetId: 'w1',
      kind: 'csp_violation',
      detail: 'img-src',
    });
    await first.close();
    const second = openSqliteTelemetry({ path });
    const events = await second.listWidgetEvents({
      since: '2026-11-30T00:00:00Z',
      until: '2026-12-01T00:00:00Z',
    });
    expect(events).toMatchObject([
      { threadId: 't1', widgetId: 'w1', kind: 'csp_violation', detail: 'img-src' },
    ]);
    expect(
      await second.listWidgetEvents({ since: '2026-12-01T00:00:00Z', until: '2026-12-02T00:00:00Z' }),
    ).toEqual([]);
    await second.close();
  });
});
