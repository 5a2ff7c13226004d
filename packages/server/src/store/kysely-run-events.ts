import { CompiledQuery, type Kysely } from 'kysely';
import { CompiledQueryCache } from './compiled-query-cache.ts';
import type { CompiledStatements, StatementRunner } from './compiled-statements.ts';
import type { DatabaseDialect } from './database-dialect.ts';
import type { DatabaseTables } from './database-tables.ts';
import type { FinishRunIn } from './kysely-run-store.ts';
import type { MessageQueries } from './message-queries.ts';
import type { RunEventBatch, Store } from './store.ts';
import { writeReplyIn } from './write-reply-in.ts';

type RunEventMethods = Pick<
  Store,
  'writeReply' | 'commitRunEvents' | 'readRunEvents' | 'hasRunEvents' | 'pruneRunEvents'
>;

/** A batch whose run's key is known. */
type KeyedBatch = RunEventBatch & { runKey: number };

/** Rows per multi-row INSERT on SQLite: a bound statement per row costs more in the driver than SQLite takes. */
const rowsPerInsert = [64, 16, 4, 1] as const;

const sqliteInserts = new Map(
  rowsPerInsert.map((rows) => [
    rows,
    CompiledQuery.raw(
      `insert into run_events (run_key, first_seq, last_seq, events) values ${Array.from({ length: rows }, () => '(?, ?, ?, ?)').join(', ')} on conflict (run_key, first_seq) do nothing`,
    ),
  ]),
);

const postgresInsert = CompiledQuery.raw(
  `insert into run_events (run_key, first_seq, last_seq, events)
    select * from unnest($1::bigint[], $2::integer[], $3::integer[], $4::text[])
    on conflict (run_key, first_seq) do nothing`,
);

const eventsOf = ({ events }: RunEventBatch) => `[${events.join(',')}]`;
const lastSeqOf = ({ firstSeq, events }: RunEventBatch) => firstSeq + events.length - 1;

/**
 * Stores the batches of one commit with as few statements as their number allows: one on PostgreSQL (four
 * arrays), on SQLite one per 64 rows (then 16, 4, 1 for the rest), never one per row per column. The events
 * are already JSON text, so a row's array is joined from them, never escaped again.
 */
async function insertBatches(
  queries: StatementRunner,
  dialect: DatabaseDialect,
  batches: readonly KeyedBatch[],
): Promise<void> {
  if (dialect === 'postgres') {
    const parameters = [
      batches.map((batch) => batch.runKey),
      batches.map((batch) => batch.firstSeq),
      batches.map(lastSeqOf),
      batches.map(eventsOf),
    ];
    await queries.executeQuery({ ...postgresInsert, parameters });
    return;
  }
  let start = 0;
  for (const rows of rowsPerInsert) {
    for (; start + rows <= batches.length; start += rows) {
      const parameters: unknown[] = [];
      for (let index = start; index < start + rows; index += 1) {
        const batch = batches[index]!;
        parameters.push(batch.runKey, batch.firstSeq, lastSeqOf(batch), eventsOf(batch));
      }
      await queries.executeQuery({ ...sqliteInserts.get(rows)!, parameters });
    }
  }
}

async function runInSavepoint(queries: StatementRunner, work: () => Promise<void>): Promise<unknown> {
  await queries.executeQuery(CompiledQuery.raw('savepoint run_ending'));
  try {
    await work();
  } catch (error) {
    await queries.executeQuery(CompiledQuery.raw('rollback to savepoint run_ending'));
    await queries.executeQuery(CompiledQuery.raw('release savepoint run_ending'));
    return error;
  }
  await queries.executeQuery(CompiledQuery.raw('release savepoint run_ending'));
  return undefined;
}

/** The run log half of the store: run events stored by tick, a run's end with its last ones, its reply. */
export function kyselyRunEvents({
  kysely,
  statements,
  dialect,
  messages,
  finishRunIn,
  now,
  ids,
}: {
  kysely: Kysely<DatabaseTables>;
  statements: CompiledStatements;
  dialect: DatabaseDialect;
  messages: MessageQueries;
  finishRunIn: FinishRunIn;
  now: () => string;
  ids: () => string;
}): RunEventMethods {
  const cache = new CompiledQueryCache({ statements });

  return {
    async writeReply(reply, options = {}) {
      await statements.transaction(async (transaction) => {
        const at = now();
        await writeReplyIn({ queries: transaction, messages, reply, now: at, ids });
        if (options.inProgress !== true) {
          await messages.touchThread(transaction, { threadId: reply.threadId, now: at });
        }
      });
    },

    async commitRunEvents({ batches, endings = [] }) {
      const failedEndings: { runId: string; error: unknown }[] = [];
      const runKeys = new Map<string, number>();
      await statements.transaction(async (transaction) => {
        const unkeyed = batches.flatMap((batch) => (batch.runKey === undefined ? [batch.runId] : []));
        for (let start = 0; start < unkeyed.length; start += 500) {
          const { rows } = await transaction.executeQuery(
            kysely
              .selectFrom('runs')
              .select(['id', 'sequence'])
              .where('id', 'in', unkeyed.slice(start, start + 500))
              .compile(),
          );
          // PostgreSQL's driver gives a bigint as a string.
          for (const row of rows) runKeys.set(row.id, Number(row.sequence));
        }
        const keyed = batches.flatMap((batch) => {
          const runKey = batch.runKey ?? runKeys.get(batch.runId);
          return runKey === undefined ? [] : [{ ...batch, runKey }];
        });
        if (keyed.length > 0) await insertBatches(transaction, dialect, keyed);
        for (const { runId, outcome, reply } of endings) {
          const error = await runInSavepoint(transaction, async () => {
            const at = now();
            if (reply !== undefined) {
              await writeReplyIn({ queries: transaction, messages, reply, now: at, ids });
              await messages.touchThread(transaction, { threadId: reply.threadId, now: at });
            }
            if (outcome !== undefined) await finishRunIn(transaction, runId, outcome);
          });
          if (error !== undefined) failedEndings.push({ runId, error });
        }
      });
      return { failedEndings, runKeys };
    },

    async readRunEvents({ runId, after }) {
      const { rows } = await cache.execute({
        key: 'read run events',
        values: { runId, after },
        build: (parameter) =>
          kysely
            .selectFrom('run_events as e')
            .innerJoin('runs as r', 'r.sequence', 'e.run_key')
            .select(['e.first_seq', 'e.events'])
            .where('r.id', '=', parameter('runId'))
            .where('e.last_seq', '>', parameter('after'))
            .orderBy('e.first_seq'),
      });
      const events = [];
      let last = after;
      for (const row of rows) {
        const stored = JSON.parse(row.events) as unknown[];
        // Rows never overlap unless a slow instance wrote past the end a sweep gave its run; the first wins.
        for (const [index, event] of stored.entries()) {
          const seq = Number(row.first_seq) + index;
          if (seq <= last) continue;
          events.push({ seq, event });
          last = seq;
        }
      }
      return events;
    },

    async hasRunEvents(runId) {
      const { rows } = await cache.execute({
        key: 'has run events',
        values: { runId },
        build: (parameter) =>
          kysely
            .selectFrom('run_events as e')
            .innerJoin('runs as r', 'r.sequence', 'e.run_key')
            .select('e.first_seq')
            .where('r.id', '=', parameter('runId'))
            .limit(1),
      });
      return rows.length > 0;
    },

    async pruneRunEvents({ before }) {
      // The table holds only running runs and those that ended within the replay window, so the scan is short.
      const gone = kysely
        .selectFrom('run_events as e')
        .leftJoin('runs as r', 'r.sequence', 'e.run_key')
        .select('e.run_key')
        .where((where) =>
          where.or([
            where('r.sequence', 'is', null),
            where.and([where('r.status', '!=', 'running'), where('r.ended_at', '<', before)]),
          ]),
        )
        .distinct();
      const runKeys = (await gone.execute()).map((row) => Number(row.run_key));
      for (let start = 0; start < runKeys.length; start += 500) {
        await kysely
          .deleteFrom('run_events')
          .where('run_key', 'in', runKeys.slice(start, start + 500))
          .execute();
      }
      return runKeys.length;
    },
  };
}
