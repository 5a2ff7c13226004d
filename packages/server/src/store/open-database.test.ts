import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../../test-support/free-port.ts';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { DatabaseMigrationError } from './database-migration-error.ts';
import { DatabaseUnavailableError } from './database-unavailable-error.ts';
import { openDatabase } from './open-database.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the parent folders of a SQLite file, and closing twice is harmless', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'drawbridge-open-'));
    folders.push(folder);
    const path = join(folder, 'nested', 'deeper', 'drawbridge.db');
    const database = await openDatabase({ location: { dialect: 'sqlite', path } });
    expect(database.dialect).toBe('sqlite');
    expect(existsSync(path)).toBe(true);
    await database.close();
    await expect(database.close()).resolves.toBeUndefined();
  });

  it('journals a SQLite file in WAL, flushed at checkpoints rather than on every commit', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'drawbridge-open-'));
    folders.push(folder);
    const database = await openDatabase({ location: { dialect: 'sqlite', path: join(folder, 'db.sqlite') } });
    try {
      const { rows: journal } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(
        database.kysely,
      );
      const { rows: synchronous } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(
        database.kysely,
      );
      expect(journal).toEqual([{ journal_mode: 'wal' }]);
      // 1 is NORMAL: every commit survives the process dying; a power cut may lose the last few.
      expect(synchronous).toEqual([{ synchronous: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('says which PostgreSQL it could not reach, without the password', async () => {
    // A port nothing listens on: the connection is refused at once.
    const port = await findFreePort();
    const opening = openDatabase({
      location: { dialect: 'postgres', url: `postgres://drawbridge:secret-password@127.0.0.1:${port}/app` },
      reportError: () => {},
    });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(opening).rejects.toThrow(`PostgreSQL 127.0.0.1:${port}/app`);
    await expect(opening).rejects.not.toThrow(/secret-password/);
  });

  it('rolls every pending PostgreSQL migration back when one fails', async () => {
    const url = await createPostgresTestDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // A leftover table of the name the second migration needs makes it fail after the first succeeded.
      await client.query('CREATE TABLE runs_next (x integer)');
      const opening = openDatabase({ location: { dialect: 'postgres', url } });
      await expect(opening).rejects.toBeInstanceOf(DatabaseMigrationError);
      await expect(opening).rejects.toMatchObject({ migrationName: '0002-durable-runs' });
      const tables = await client.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.rows.map((row) => row.table_name)).not.toContain('threads');
    } finally {
      await client.end();
    }
  });

  it('compares PostgreSQL times byte by byte, whatever the server locale', async () => {
    const url = await createPostgresTestDatabase();
    const database = await openDatabase({ location: { dialect: 'postgres', url } });
    await database.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const columns = await client.query(
        `SELECT table_name || '.' || column_name AS name, collation_name FROM information_schema.columns
         WHERE table_schema = 'public' AND (column_name LIKE '%\\_at' OR column_name = 'at')
         ORDER BY name`,
      );
      expect(columns.rows.map((row) => row.name)).toEqual([
        'api_tokens.created_at',
        'attachments.created_at',
        'audit_log.at',
        'messages.created_at',
        'runs.ended_at',
        'runs.lease_expires_at',
        'runs.started_at',
        'shares.created_at',
        'threads.archived_at',
        'threads.created_at',
        'threads.pinned_at',
        'threads.updated_at',
        'widget_events.at',
        'widget_states.updated_at',
      ]);
      expect(new Set(columns.rows.map((row) => row.collation_name))).toEqual(new Set(['C']));
    } finally {
      await client.end();
    }
  });
});
