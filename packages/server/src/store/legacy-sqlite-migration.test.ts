import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseMigrationError } from './database-migration-error.ts';
import { openStorage } from './open-storage.ts';
import { writeLegacySqliteDatabase } from './testing/legacy-sqlite-database.ts';

const folders: string[] = [];

function legacyDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), 'drawbridge-legacy-'));
  folders.push(folder);
  const path = join(folder, 'drawbridge.db');
  writeLegacySqliteDatabase({ path });
  return path;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a SQLite file written before Kysely', () => {
  it('migrates forward with every thread, message, widget, run, audit row and event kept', async () => {
    const path = legacyDatabasePath();
    const storage = await openStorage({ location: { dialect: 'sqlite', path } });
    const { store, telemetry } = storage;
    try {
      expect(await store.listThreads()).toEqual([
        {
          id: 't2',
          title: 'New chat',
          createdAt: '2026-11-02T10:00:00.000Z',
          updatedAt: '2026-11-02T10:00:00.000Z',
          userId: 'local',
          kind: 'chat',
          model: null,
          pinnedAt: null,
          archivedAt: null,
        },
        {
          id: 't1',
          title: 'Revenue chart',
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:05:00.000Z',
          userId: 'local',
          kind: 'chat',
          model: null,
          pinnedAt: null,
          archivedAt: null,
        },
      ]);
      const messages = await store.listMessages('t1');
      expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 'c1', 'r1']);
      expect(messages[1]?.widget).toEqual({
        id: 'w1',
        height: 320,
        css: '.a{}',
        html: '<h1>Chart</h1>',
        js: 'console.log(1)',
        complete: true,
      });
      expect(messages[2]).toMatchObject({ toolCallId: 'call-1', render: { tool: 'render_table' } });

      const runs = await store.listRuns();
      expect(runs.map((run) => [run.id, run.status, run.endedAt])).toEqual([
        ['run-finished', 'finished', '2026-11-01T10:00:05.000Z'],
        ['run-aborted', 'cancelled', '2026-11-01T10:01:02.000Z'],
        ['run-error', 'error', '2026-11-02T10:00:03.000Z'],
        // Left `running` by a process that died: nobody saw it end.
        ['run-crashed', 'interrupted', null],
      ]);
      expect(runs[0]).toMatchObject({ inputTokens: 120, outputTokens: 45, instanceId: null });
      expect(runs[2]?.error).toBe('rate limited');

      // Same millisecond: the row written later still comes first, as before the migration.
      expect((await telemetry.query()).map((entry) => entry.id)).toEqual(['e2', 'e1']);
      const events = await telemetry.listWidgetEvents({
        since: '2026-11-01T00:00:00.000Z',
        until: '2026-11-02T00:00:00.000Z',
      });
      expect(events.map((event) => [event.id, event.kind, event.detail])).toEqual([
        ['v1', 'rendered', ''],
        ['v2', 'csp_violation', 'img-src'],
      ]);

      // The thread the crash left "busy" takes a new run; the file keeps working as an ordinary database.
      await store.startRun({ id: 'run-new', threadId: 't2', model: 'demo' });
      await store.appendMessage({ id: 'u2', threadId: 't2', role: 'user', content: 'Hello again' });
      expect((await store.getThread('t2'))?.title).toBe('Hello again');
    } finally {
      await storage.close();
    }

    const inspector = new DatabaseSync(path, { readOnly: true });
    expect(inspector.prepare('PRAGMA user_version').get()?.user_version).toBe(2);
    expect(inspector.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    expect(
      inspector
        .prepare('SELECT name FROM kysely_migration ORDER BY name')
        .all()
        .map((row) => row.name),
    ).toEqual([
      '0001-initial-schema',
      '0002-durable-runs',
      '0003-reply-details',
      '0004-widget-revisions',
      '0005-sign-in',
      '0006-form-answers',
      '0007-admins',
      '0008-client-run-ids',
      '0009-run-events',
      '0010-widget-refusals',
      '0011-thread-kinds',
      '0012-reply-cached-tokens',
      '0013-thread-models',
      '0014-attachments',
      '0015-run-cached-tokens',
      '0016-widget-states',
      '0017-message-branches',
      '0018-thread-placement',
      '0019-shares',
    ]);
    inspector.close();
  });

  it('opens again without migrating twice', async () => {
    const path = legacyDatabasePath();
    await (await openStorage({ location: { dialect: 'sqlite', path } })).close();
    const again = await openStorage({ location: { dialect: 'sqlite', path } });
    expect((await again.store.listRuns()).map((run) => run.id)).toHaveLength(4);
    await again.close();
  });

  it('rolls a failed migration back whole, naming it, and leaves the old tables as they were', async () => {
    const path = legacyDatabasePath();
    const writer = new DatabaseSync(path);
    // A leftover table of the name the migration needs makes its second step fail.
    writer.exec('CREATE TABLE runs_next (x)');
    writer.close();
    const opening = openStorage({ location: { dialect: 'sqlite', path } });
    await expect(opening).rejects.toMatchObject({
      code: 'database_migration_failed',
      migrationName: '0002-durable-runs',
    });
    const inspector = new DatabaseSync(path, { readOnly: true });
    const threadColumns = inspector
      .prepare('PRAGMA table_info(threads)')
      .all()
      .map((row) => row.name);
    expect(threadColumns).not.toContain('user_id');
    expect(inspector.prepare("SELECT status FROM runs WHERE id = 'run-aborted'").get()?.status).toBe(
      'aborted',
    );
    expect(inspector.prepare('PRAGMA user_version').get()?.user_version).toBe(1);
    inspector.close();
  });

  it('refuses a file from a newer build and leaves it untouched', async () => {
    const path = legacyDatabasePath();
    const writer = new DatabaseSync(path);
    writer.exec('PRAGMA user_version = 7');
    writer.close();
    const opening = openStorage({ location: { dialect: 'sqlite', path } });
    await expect(opening).rejects.toBeInstanceOf(DatabaseMigrationError);
    await expect(opening).rejects.toThrow(/newer than this build/);
    const inspector = new DatabaseSync(path, { readOnly: true });
    expect(inspector.prepare("SELECT name FROM sqlite_master WHERE name = 'kysely_migration'").get()).toBe(
      undefined,
    );
    inspector.close();
  });
});
