import type { Kysely } from 'kysely';
import { CompiledQueryCache } from './compiled-query-cache.ts';
import type { CompiledStatements, StatementRunner } from './compiled-statements.ts';
import type { DatabaseTables } from './database-tables.ts';
import { RunIdTakenError } from './run-id-taken-error.ts';
import { RunInProgressError } from './run-in-progress-error.ts';
import type { RunOutcome, Store } from './store.ts';
import { runFromRow } from './store-rows.ts';
import { throwIfThreadMissing } from './throw-if-thread-missing.ts';

type RunMethods = Pick<
  Store,
  | 'startRun'
  | 'getRun'
  | 'findRunByClientId'
  | 'runningRun'
  | 'finishRun'
  | 'leaseRun'
  | 'renewLease'
  | 'interruptExpiredRuns'
  | 'runsWithExpiredLeases'
  | 'interruptRuns'
  | 'interruptRunningRuns'
  | 'listRuns'
  | 'tokenUsage'
  | 'pruneEndedRuns'
>;

const runColumns = [
  'id',
  'thread_id',
  'model',
  'status',
  'started_at',
  'ended_at',
  'instance_id',
  'lease_expires_at',
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'error',
] as const;

const interruptSliceSize = 500;

/** Ends a running run on `queries` (the database, or a transaction); false when it was not running. */
export type FinishRunIn = (queries: StatementRunner, id: string, outcome: RunOutcome) => Promise<boolean>;

/**
 * The run half of the store: the run record, its lease and the sweep that interrupts abandoned runs; and
 * `finishRunIn`, the end of a run for a transaction that stores more with it (its final event).
 */
export function kyselyRunStore({
  kysely,
  statements,
  now,
}: {
  kysely: Kysely<DatabaseTables>;
  statements: CompiledStatements;
  now: () => string;
}): { methods: RunMethods; finishRunIn: FinishRunIn } {
  async function runningRun(threadId: string) {
    const row = await kysely
      .selectFrom('runs')
      .select(runColumns)
      .where('thread_id', '=', threadId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return row === undefined ? undefined : runFromRow(row);
  }

  async function findRunByClientId({ userId, clientRunId }: { userId: string; clientRunId: string }) {
    const row = await kysely
      .selectFrom('runs')
      .select(runColumns)
      .where('id', 'in', (query) =>
        query
          .selectFrom('client_run_ids')
          .select('run_id')
          .where('user_id', '=', userId)
          .where('client_run_id', '=', clientRunId),
      )
      .executeTakeFirst();
    return row === undefined ? undefined : runFromRow(row);
  }

  // Every run starts (and is named) and finishes once: those statements are compiled once, not per run.
  const cache = new CompiledQueryCache({ statements });

  const finishRunIn: FinishRunIn = async (queries, id, outcome) => {
    const result = await cache.execute({
      queries,
      key: 'finish run',
      values: {
        id,
        status: outcome.status,
        endedAt: now(),
        inputTokens: outcome.inputTokens ?? null,
        cachedInputTokens: outcome.cachedInputTokens ?? null,
        outputTokens: outcome.outputTokens ?? null,
        error: outcome.error ?? null,
      },
      build: (parameter) =>
        kysely
          .updateTable('runs')
          .set({
            status: parameter('status'),
            ended_at: parameter('endedAt'),
            lease_expires_at: null,
            input_tokens: parameter('inputTokens'),
            cached_input_tokens: parameter('cachedInputTokens'),
            output_tokens: parameter('outputTokens'),
            error: parameter('error'),
          })
          .where('id', '=', parameter('id'))
          .where('status', '=', 'running'),
    });
    return (result.numAffectedRows ?? 0n) > 0n;
  };

  const methods: RunMethods = {
    async startRun(input) {
      const { clientRunId } = input;
      const insertRun = (queries: StatementRunner) =>
        cache.execute({
          queries,
          key: 'start run',
          values: {
            id: input.id,
            threadId: input.threadId,
            model: input.model,
            startedAt: now(),
            instanceId: input.lease?.instanceId ?? null,
            leaseExpiresAt: input.lease?.expiresAt ?? null,
          },
          build: (parameter) =>
            kysely.insertInto('runs').values({
              id: parameter('id'),
              thread_id: parameter('threadId'),
              model: parameter('model'),
              status: 'running',
              started_at: parameter('startedAt'),
              instance_id: parameter('instanceId'),
              lease_expires_at: parameter('leaseExpiresAt'),
            }),
        });
      try {
        if (clientRunId === undefined) {
          await insertRun(statements);
          return;
        }
        await statements.transaction(async (transaction) => {
          await insertRun(transaction);
          await cache.execute({
            queries: transaction,
            key: 'name run',
            values: { userId: clientRunId.userId, clientRunId: clientRunId.runId, runId: input.id },
            build: (parameter) =>
              kysely.insertInto('client_run_ids').values({
                user_id: parameter('userId'),
                client_run_id: parameter('clientRunId'),
                run_id: parameter('runId'),
              }),
          });
        });
      } catch (error) {
        // The constraints decide (so two instances cannot race past a check); the cause is read afterwards.
        await throwIfThreadMissing({ kysely, threadId: input.threadId });
        const running = await runningRun(input.threadId);
        if (running !== undefined && running.id !== input.id) {
          throw new RunInProgressError({ threadId: input.threadId, runId: running.id });
        }
        if (clientRunId !== undefined) {
          const named = await findRunByClientId({
            userId: clientRunId.userId,
            clientRunId: clientRunId.runId,
          });
          if (named !== undefined) throw new RunIdTakenError({ clientRunId: clientRunId.runId });
        }
        throw error;
      }
    },

    async getRun(id) {
      const row = await kysely.selectFrom('runs').select(runColumns).where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : runFromRow(row);
    },

    findRunByClientId,

    runningRun,

    finishRun: (id, outcome) => finishRunIn(statements, id, outcome),

    async leaseRun(lease) {
      const result = await kysely
        .updateTable('runs')
        .set({ instance_id: lease.instanceId, lease_expires_at: lease.expiresAt })
        .where('id', '=', lease.runId)
        .where('status', '=', 'running')
        .where((where) =>
          where.or([
            where('instance_id', 'is', null),
            where('instance_id', '=', lease.instanceId),
            where('lease_expires_at', 'is', null),
            where('lease_expires_at', '<', now()),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async renewLease(lease) {
      const result = await kysely
        .updateTable('runs')
        .set({ lease_expires_at: lease.expiresAt })
        .where('id', '=', lease.runId)
        .where('status', '=', 'running')
        .where('instance_id', '=', lease.instanceId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async interruptExpiredRuns({ now: at }) {
      const rows = await kysely
        .updateTable('runs')
        .set({ status: 'interrupted', ended_at: at, lease_expires_at: null })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', at)
        .returning(runColumns)
        .execute();
      return rows.map(runFromRow).sort((left, right) => left.startedAt.localeCompare(right.startedAt));
    },

    async runsWithExpiredLeases({ now: at }) {
      const rows = await kysely
        .selectFrom('runs')
        .select(runColumns)
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', at)
        .orderBy('started_at')
        .execute();
      return rows.map(runFromRow);
    },

    async interruptRuns({ runIds, now: at }) {
      const interrupted = [];
      // In slices, so a long list stays under either dialect's limit on bound parameters.
      for (let start = 0; start < runIds.length; start += interruptSliceSize) {
        const rows = await kysely
          .updateTable('runs')
          .set({ status: 'interrupted', ended_at: at, lease_expires_at: null })
          .where('status', '=', 'running')
          .where('id', 'in', runIds.slice(start, start + interruptSliceSize))
          .returning(runColumns)
          .execute();
        interrupted.push(...rows.map(runFromRow));
      }
      return interrupted.sort((left, right) => left.startedAt.localeCompare(right.startedAt));
    },

    async interruptRunningRuns({ now: at }) {
      const rows = await kysely
        .updateTable('runs')
        .set({ status: 'interrupted', ended_at: at, lease_expires_at: null })
        .where('status', '=', 'running')
        .returning(runColumns)
        .execute();
      return rows.map(runFromRow).sort((left, right) => left.startedAt.localeCompare(right.startedAt));
    },

    async listRuns(filter) {
      let query = kysely.selectFrom('runs').select(runColumns);
      if (filter?.since !== undefined) query = query.where('started_at', '>=', filter.since);
      if (filter?.until !== undefined) query = query.where('started_at', '<=', filter.until);
      const userId = filter?.userId;
      if (userId !== undefined) {
        query = query.where('thread_id', 'in', (threads) =>
          threads.selectFrom('threads').select('id').where('user_id', '=', userId),
        );
      }
      const rows = await query.orderBy('started_at').orderBy('sequence').execute();
      return rows.map(runFromRow);
    },

    async tokenUsage({ userId, since }) {
      const row = await kysely
        .selectFrom('runs')
        .select((columns) => [
          columns.fn.sum<number | string | null>('input_tokens').as('input'),
          columns.fn.sum<number | string | null>('output_tokens').as('output'),
          columns.fn.min<string | null>('started_at').as('oldest'),
        ])
        .where('started_at', '>=', since)
        .where('thread_id', 'in', (threads) =>
          threads.selectFrom('threads').select('id').where('user_id', '=', userId),
        )
        .executeTakeFirst();
      // PostgreSQL sums integers as numeric, which its driver hands over as a string.
      const tokens = Number(row?.input ?? 0) + Number(row?.output ?? 0);
      return { tokens, oldestRunStartedAt: row?.oldest ?? null };
    },

    async pruneEndedRuns({ before }) {
      const result = await kysely
        .deleteFrom('runs')
        .where('status', '!=', 'running')
        .where('ended_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
  return { methods, finishRunIn };
}
