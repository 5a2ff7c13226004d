import { isFinalRunEvent, type RunEvent } from '@drawbridge/protocol';
import type { Redis } from 'ioredis';
import type { RedisSubscriptions } from '../../redis/redis-subscriptions.ts';
import { defaultRunLogRetentionMs } from './in-process-run-log.ts';
import type { LiveRunLog, LiveRunLogWriter, ReadStoredRunEvents } from './live-run-log.ts';
import type { FollowRunLogOptions, LoggedRunEvent } from './run-log.ts';
import { RunLogGapError } from './run-log-gap-error.ts';

/** A log whose writer died without ending it is dropped after this long, whatever happens. */
const unendedLogMs = 24 * 60 * 60_000;

/**
 * A follower waiting for live events re-reads the stream this often, in case a notification was lost, and then
 * the store, in case Redis lost an append.
 */
const defaultFollowerPollMs = 5_000;

const streamKey = (runId: string) => `drawbridge:run:${runId}:events`;
const channelOf = (runId: string) => `drawbridge:run:${runId}:appended`;

// Appends the final event to a log that has not ended, at the next seq, and notifies followers; atomically,
// so the sweep of one instance and the late writer of another cannot both end it.
const endAbandonedScript = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return 0 end
local fields = last[1][2]
for index = 1, #fields, 2 do
  if fields[index] == 'final' then return 0 end
end
local seq = tonumber(string.match(last[1][1], '^(%d+)')) + 1
redis.call('XADD', KEYS[1], seq .. '-0', 'event', ARGV[1], 'final', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], seq)
return seq
`;

/**
 * The run log on Redis Streams, for several instances: one stream per run whose entry ids are the seqs
 * (`seq-0`), so a replay is one XRANGE from the seq after the client's; each append is announced on the
 * run's channel so followers on any instance wake at once. The stream expires `retentionMs` after the final
 * event. Redis is not the record: an outage, or a restart that empties it, loses appends, so a follower never
 * goes on across a gap in the seqs — it reads what is missing from the store, where every event went first,
 * and after a quiet poll it reads the store too, in case the appends Redis lost were the run's last.
 */
export class RedisRunLog implements LiveRunLog {
  readonly retentionMs: number;
  readonly #followerPollMs: number;
  readonly #redis: Redis;
  readonly #subscriptions: RedisSubscriptions;
  readonly #logError: (message: string, error: unknown) => void;

  constructor({
    redis,
    subscriptions,
    retentionMs = defaultRunLogRetentionMs,
    followerPollMs = defaultFollowerPollMs,
    logError,
  }: {
    redis: Redis;
    subscriptions: RedisSubscriptions;
    retentionMs?: number;
    followerPollMs?: number;
    logError(message: string, error: unknown): void;
  }) {
    this.#followerPollMs = followerPollMs;
    this.#redis = redis;
    this.#subscriptions = subscriptions;
    this.retentionMs = retentionMs;
    this.#logError = logError;
  }

  create(runId: string): LiveRunLogWriter {
    const redis = this.#redis;
    const key = streamKey(runId);
    const channel = channelOf(runId);
    let lastWrite: Promise<unknown> = Promise.resolve();
    // The stream may lack its time-to-live: set with the first append, and again after any append failed (a
    // Redis restarted empty starts the stream over, without one).
    let expirySet = false;
    const retentionMs = this.retentionMs;
    const logError = this.#logError;
    return {
      append({ seq, event, json = JSON.stringify(event) }: LoggedRunEvent) {
        const final = isFinalRunEvent(event);
        const fields = final ? ['event', json, 'final', '1'] : ['event', json];
        // One transaction per event, sent in order on one connection (and batched per tick by auto-pipelining).
        const transaction = redis.multi().xadd(key, `${seq}-0`, ...fields);
        if (!expirySet || final) transaction.pexpire(key, final ? retentionMs : unendedLogMs);
        expirySet = true;
        // A failed append leaves a gap in the stream; its followers fill it from the store (`follow`).
        lastWrite = transaction
          .publish(channel, String(seq))
          .exec()
          .then((results) => {
            const failed = results?.find(([error]) => error !== null)?.[0];
            if (failed) throw failed;
          })
          .catch((error: unknown) => {
            expirySet = false;
            logError(`could not append event ${seq} of run ${runId} to Redis`, error);
          });
      },
      flushed: async () => {
        await lastWrite;
      },
    };
  }

  async endAbandoned(runId: string, { event, json = JSON.stringify(event) }: LoggedRunEvent): Promise<void> {
    await this.#redis.eval(
      endAbandonedScript,
      2,
      streamKey(runId),
      channelOf(runId),
      json,
      String(this.retentionMs),
    );
  }

  async follow({
    runId,
    after,
    signal,
    onEvent,
    readStored,
  }: FollowRunLogOptions & { readStored: ReadStoredRunEvents }): Promise<'followed' | 'untracked'> {
    let wake: (() => void) | undefined;
    let notified = false;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    // Listening first, reading second: an event appended in between is both announced and read, never lost.
    const unsubscribe = await this.#subscriptions.listen(channelOf(runId), () => {
      notified = true;
      wake?.();
    });
    let last = Math.max(0, after);
    /**
     * Hands on the stored events after `last` (those before `before`, when given): what the stream lost.
     * Every event is stored before it is appended here, so the store holds each one the stream skips. True
     * once the follower is done (the final event, or an abort).
     */
    const fromStore = async (before = Number.POSITIVE_INFINITY): Promise<boolean> => {
      for (const logged of await readStored({ runId, after: last })) {
        if (logged.seq >= before) break;
        if (logged.seq !== last + 1) throw new RunLogGapError({ runId, after: last, next: logged.seq });
        onEvent(logged);
        last = logged.seq;
        if (isFinalRunEvent(logged.event) || signal.aborted) return true;
      }
      return false;
    };
    let quietPoll = false;
    try {
      while (!signal.aborted) {
        notified = false;
        const entries = await this.#redis.xrange(streamKey(runId), `${last + 1}-0`, '+');
        for (const [id, fields] of entries) {
          const seq = Number.parseInt(id, 10);
          if (seq <= last) continue;
          // Redis lost what came between (it was down, or came back empty): never go on across the gap.
          if (seq > last + 1) {
            if (await fromStore(seq)) return 'followed';
            if (seq > last + 1) throw new RunLogGapError({ runId, after: last, next: seq });
          }
          const logged = this.#decode(runId, seq, fields);
          // Unreadable: left for the store to fill, as the gap it is.
          if (logged === undefined) continue;
          last = seq;
          onEvent(logged);
          if (isFinalRunEvent(logged.event) || signal.aborted) return 'followed';
        }
        if (notified) continue;
        if (quietPoll) {
          // A whole poll without news: the store may hold what Redis never got (appended while it was down).
          const before = last;
          if (await fromStore()) return 'followed';
          if (last !== before) continue;
          // Still nothing kept anywhere: the log expired (or never was) and nothing more will come. (Not
          // sooner: a run's first append may still be on its way while its first follower starts.)
          if (entries.length === 0 && last === 0 && !(await this.#exists(runId))) return 'untracked';
        }
        quietPoll = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), this.#followerPollMs);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve(false);
          };
        });
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await unsubscribe();
    }
    return 'followed';
  }

  async close(): Promise<void> {}

  async #exists(runId: string): Promise<boolean> {
    return (await this.#redis.exists(streamKey(runId))) === 1;
  }

  // The log holds only events our own `append` wrote, so they are not validated again here: an event is
  // validated where it enters from outside, never on its way between the server's own parts.
  #decode(runId: string, seq: number, fields: string[]): LoggedRunEvent | undefined {
    const json = fields[fields.indexOf('event') + 1] ?? '';
    try {
      return { seq, event: JSON.parse(json) as RunEvent, json };
    } catch (error) {
      this.#logError(`run ${runId} has an unreadable event in its Redis log`, error);
      return undefined;
    }
  }
}
