import { afterEach, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from './open-database.ts';

const at = '2026-01-01T00:00:00.000Z';
const thread = (id: string) => ({
  id,
  title: id,
  is_titled: 0,
  created_at: at,
  updated_at: at,
  user_id: 'u',
});

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
