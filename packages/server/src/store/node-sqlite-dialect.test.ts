import { afterEach, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from './open-database.ts';
import { threadRow as thread } from './testing/thread-row.ts';

describe('NodeSqliteDialect', () => {
  const opened: OpenedDatabase[] = [];
  async function sqlite(): Promise<OpenedDatabase> {
    const database = await openDatabase({ location: { dialect: 'sqlite', path: ':memory:' } });
    opened.push(database);
    return database;
  }
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  it('keeps queries asked for during a transaction out of it, and runs them in order after it', async () => {
    const { kysely } = await sqlite();
    const seenInside: number[] = [];
    let outsideStarted!: () => void;
    const outsideAsked = new Promise<void>((resolve) => {
      outsideStarted = resolve;
    });
    const transaction = kysely.transaction().execute(async (queries) => {
      await queries.insertInto('threads').values(thread('inside')).execute();
      await outsideAsked;
      // The queries asked for meanwhile wait for the connection: none of their rows is in here.
      await new Promise((resolve) => setImmediate(resolve));
      const { count } = await queries
        .selectFrom('threads')
        .select((columns) => columns.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      seenInside.push(Number(count));
    });
    const order: string[] = [];
    const outside = Array.from({ length: 50 }, (_, index) =>
      kysely
        .insertInto('threads')
        .values(thread(`outside-${index}`))
        .execute()
        .then(() => order.push(`outside-${index}`)),
    );
    outsideStarted();
    await Promise.all([transaction, ...outside]);
    expect(seenInside).toEqual([1]);
    expect(order).toEqual(Array.from({ length: 50 }, (_, index) => `outside-${index}`));
    const rows = await kysely.selectFrom('threads').select('id').execute();
    expect(rows).toHaveLength(51);
  });

  it('takes turns between its own compiled statements and Kysely’s queries, a transaction at a time', async () => {
    const { kysely, statements } = await sqlite();
    const insert = (id: string) => kysely.insertInto('threads').values(thread(id)).compile();
    const count = kysely
      .selectFrom('threads')
      .select((columns) => columns.fn.countAll<number>().as('count'))
      .compile();
    const seenInside: number[] = [];
    const transaction = statements.transaction(async (queries) => {
      await queries.executeQuery(insert('inside'));
      await new Promise((resolve) => setImmediate(resolve));
      seenInside.push(Number((await queries.executeQuery(count)).rows[0]!.count));
    });
    const outside = [
      kysely.insertInto('threads').values(thread('kysely')).execute(),
      statements.executeQuery(insert('compiled')),
      kysely.transaction().execute(async (queries) => {
        await queries.insertInto('threads').values(thread('kysely-transaction')).execute();
      }),
    ];
    await Promise.all([transaction, ...outside]);
    expect(seenInside).toEqual([1]);
    expect(Number((await statements.executeQuery(count)).rows[0]!.count)).toBe(4);
  });

  it('rolls its own failed transaction back and lends the connection on', async () => {
    const { kysely, statements } = await sqlite();
    await expect(
      statements.transaction(async (queries) => {
        await queries.executeQuery(kysely.insertInto('threads').values(thread('rolled-back')).compile());
        // A second row with the same id breaks the primary key: SQLite refuses the statement.
        await queries.executeQuery(kysely.insertInto('threads').values(thread('rolled-back')).compile());
      }),
    ).rejects.toThrow(/UNIQUE/);
    await kysely.insertInto('threads').values(thread('after')).execute();
    const rows = await kysely.selectFrom('threads').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['after']);
  });

  it('lends the connection on after a transaction that failed and rolled back', async () => {
    const { kysely } = await sqlite();
    await expect(
      kysely.transaction().execute(async (queries) => {
        await queries.insertInto('threads').values(thread('rolled-back')).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await kysely.insertInto('threads').values(thread('after')).execute();
    const rows = await kysely.selectFrom('threads').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['after']);
  });
});
