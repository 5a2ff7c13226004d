import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { storageDialects } from '../../../../../test-support/open-test-storage.ts';
import { createPostgresTestDatabase } from '../../../../../test-support/postgres-test-database.ts';
import type { DatabaseDialect } from '../database-dialect.ts';
import type { DatabaseLocation } from '../database-location.ts';
import type { DatabaseTables } from '../database-tables.ts';
import { NodeSqliteDialect } from '../node-sqlite-dialect.ts';
import { NulFreePostgresDialect } from '../nul-free-postgres-dialect.ts';
import { openStorage } from '../open-storage.ts';
import { databaseMigrationProvider } from './database-migrations.ts';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function databaseBeforeThreadKinds(
  dialect: DatabaseDialect,
): Promise<{ location: DatabaseLocation; kysely: Kysely<DatabaseTables> }> {
  if (dialect === 'postgres') {
    const url = await createPostgresTestDatabase();
    const pool = new pg.Pool({ connectionString: url });
    return {
      location: { dialect, url },
      kysely: new Kysely<DatabaseTables>({ dialect: new NulFreePostgresDialect({ pool }) }),
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'drawbridge-thread-kinds-'));
  folders.push(folder);
  const path = join(folder, 'drawbridge.db');
  const database = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  return {
    location: { dialect, path },
    kysely: new Kysely<DatabaseTables>({ dialect: new NodeSqliteDialect({ database }) }),
  };
}

describe.each(storageDialects)('the thread kinds migration on %s', (dialect) => {
  it("sorts the threads a database already holds: the dashboard assistant's, the sample's, the chats", async () => {
    const { location, kysely } = await databaseBeforeThreadKinds(dialect);
    const migrator = new Migrator({ db: kysely, provider: databaseMigrationProvider({ dialect }) });
    expect((await migrator.migrateTo('0008-client-run-ids')).error).toBeUndefined();
    const at = '2026-11-01T10:00:00.000Z';
    const thread = (id: string, title: string) => ({
      id,
      title,
      is_titled: 1,
      created_at: at,
      updated_at: at,
      user_id: 'local',
    });
    await kysely
      .insertInto('threads')
      .values([
        thread('chat', 'Revenue chart'),
        // The panel titled every thread it made so.
        thread('panel', 'Dashboard assistant'),
        // Renamed, but the dashboard's agent called a tool in it.
        thread('renamed-panel', 'Why did widgets fail?'),
        thread('sample', 'Sample: calculator'),
        // Retention pruned its runs; its messages still carry the loader's ids.
        thread('pruned-sample', 'Sample: solar system'),
        // A chat the user titled like the sample, without the sample's messages.
        thread('sample-like-chat', 'Sample: my own'),
      ])
      .execute();
    await kysely
      .insertInto('messages')
      .values(
        ['pruned-sample', 'sample-like-chat'].map((threadId) => ({
          id: threadId === 'pruned-sample' ? 'sample-mabc-thread-1-question' : 'm-1',
          thread_id: threadId,
          role: 'user' as const,
          content: 'Show me the planets.',
          created_at: at,
          tool_call_id: null,
          render_json: null,
          form_answers_json: null,
          reply_model: null,
          reply_input_tokens: null,
          reply_output_tokens: null,
        })),
      )
      .execute();
    await kysely
      .insertInto('runs')
      .values({
        id: 'sample-run',
        thread_id: 'sample',
        model: 'sample-data',
        status: 'finished',
        started_at: at,
        ended_at: at,
        instance_id: null,
        lease_expires_at: null,
        input_tokens: 1,
        output_tokens: 1,
        error: null,
      })
      .execute();
    const auditRow = (id: string, threadId: string, actor: string) => ({
      id,
      at,
      actor,
      thread_id: threadId,
      run_id: 'r',
      tool_call_id: id,
      tool: 'dashboard_control',
      arguments_digest: 'd',
      outcome: 'ok' as const,
      reason: null,
      duration_ms: 1,
    });
    // The sample wrote audit records in the dashboard's name too; the sample still wins.
    await kysely
      .insertInto('audit_log')
      .values([auditRow('a1', 'renamed-panel', 'dashboard'), auditRow('a2', 'sample', 'dashboard')])
      .execute();
    await kysely.destroy();

    const storage = await openStorage({ location });
    try {
      const kinds = async (kind: 'chat' | 'dashboard' | 'sample') =>
        (await storage.store.listThreads({ kind })).map((listed) => listed.id).sort();
      expect(await kinds('chat')).toEqual(['chat', 'sample-like-chat']);
      expect(await kinds('dashboard')).toEqual(['panel', 'renamed-panel']);
      expect(await kinds('sample')).toEqual(['pruned-sample', 'sample']);
    } finally {
      await storage.close();
    }
  });
});
