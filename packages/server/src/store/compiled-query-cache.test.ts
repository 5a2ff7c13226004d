import { afterEach, describe, expect, it } from 'vitest';
import { storageDialects } from '../../../../test-support/open-test-storage.ts';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { CompiledQueryCache, placeholdersFor } from './compiled-query-cache.ts';
import type { StatementRunner } from './compiled-statements.ts';
import type { DatabaseDialect } from './database-dialect.ts';
import { type OpenedDatabase, openDatabase } from './open-database.ts';
import { threadRow } from './testing/thread-row.ts';

describe.each(storageDialects)('compiled queries on %s', (dialect: DatabaseDialect) => {
  const opened: OpenedDatabase[] = [];

  async function databaseWithThreads(): Promise<OpenedDatabase> {
    const location =
      dialect === 'postgres'
        ? { dialect, url: await createPostgresTestDatabase() }
        : { dialect, path: ':memory:' };
    const database = await openDatabase({ location });
    opened.push(database);
    await database.kysely
      .insertInto('threads')
      .values(['a', 'b'].map((id) => threadRow(id)))
      .execute();
    return database;
  }

  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  it('compiles a shape once and runs it with each call’s values, constants kept', async () => {
    const { kysely, statements } = await databaseWithThreads();
    const cache = new CompiledQueryCache({ statements });
    let builds = 0;
    const retitle = (values: { id: string; title: string }) =>
      cache.execute({
        key: 'retitle',
        values,
        build: (parameter) => {
          builds += 1;
          return kysely
            .updateTable('threads')
            .set({ title: parameter('title'), is_titled: 1 })
            .where('id', '=', parameter('id'))
            .returning('id');
        },
      });
    expect((await retitle({ id: 'a', title: 'First' })).rows).toEqual([{ id: 'a' }]);
    expect((await retitle({ id: 'b', title: 'Second' })).rows).toEqual([{ id: 'b' }]);
    expect((await retitle({ id: 'missing', title: 'None' })).rows).toEqual([]);
    expect(builds).toBe(1);
    const threads = await kysely
      .selectFrom('threads')
      .select(['id', 'title', 'is_titled'])
      .orderBy('id')
      .execute();
    expect(threads).toEqual([
      { id: 'a', title: 'First', is_titled: 1 },
      { id: 'b', title: 'Second', is_titled: 1 },
    ]);
  });

  it('replaces U+0000 in the values it puts in, as the compiler does for the rest', async () => {
    const { kysely, statements } = await databaseWithThreads();
    const cache = new CompiledQueryCache({ statements });
    const row = {
      id: 'c',
      title: 'x\u0000y',
      is_titled: 0,
      created_at: 'now',
      updated_at: 'now',
      user_id: 'u',
    };
    await cache.execute({
      key: 'insert thread',
      values: row,
      build: (parameter) => kysely.insertInto('threads').values(placeholdersFor(parameter, row)),
    });
    const stored = await kysely
      .selectFrom('threads')
      .select('title')
      .where('id', '=', 'c')
      .executeTakeFirst();
    expect(stored?.title).toBe('x\uFFFDy');
  });

  it('runs inside a transaction, which rolls back what it wrote', async () => {
    const { kysely, statements } = await databaseWithThreads();
    const cache = new CompiledQueryCache({ statements });
    const attempt = statements.transaction(async (transaction) => {
      await cache.execute({
        queries: transaction,
        key: 'delete thread',
        values: { id: 'a' },
        build: (parameter) => kysely.deleteFrom('threads').where('id', '=', parameter('id')),
      });
      throw new Error('roll back');
    });
    await expect(attempt).rejects.toThrow('roll back');
    const ids = await kysely.selectFrom('threads').select('id').orderBy('id').execute();
    expect(ids.map((thread) => thread.id)).toEqual(['a', 'b']);
  });

  it('commits a transaction’s statements together, and gives each its rows', async () => {
    const { kysely, statements } = await databaseWithThreads();
    const cache = new CompiledQueryCache({ statements });
    const retitle = (transaction: StatementRunner, values: { id: string; title: string }) =>
      cache.execute({
        queries: transaction,
        key: 'retitle',
        values,
        build: (parameter) =>
          kysely
            .updateTable('threads')
            .set({ title: parameter('title') })
            .where('id', '=', parameter('id'))
            .returning('title'),
      });
    const titles = await statements.transaction(async (transaction) => [
      (await retitle(transaction, { id: 'a', title: 'First' })).rows,
      (await retitle(transaction, { id: 'b', title: 'Second' })).rows,
    ]);
    expect(titles).toEqual([[{ title: 'First' }], [{ title: 'Second' }]]);
    const stored = await kysely.selectFrom('threads').select('title').orderBy('id').execute();
    expect(stored.map((thread) => thread.title)).toEqual(['First', 'Second']);
  });
});
