import { isFinalRunEvent, type RunEvent } from '@drawbridge/protocol';
import type { Redis } from 'ioredis';
import type { RedisSubscriptions } from '../../redis/redis-subscriptions.ts';
import { defaultRunLogRetentionMs } from './in-process-run-log.ts';
import type { LiveRunLog, LiveRunLogWriter, ReadStoredRunEvents } from './live-run-log.ts';
import type { FollowRunLogOptions, LoggedRunEvent } from './run-log.ts';

/** A log whose writer died without ending it is dropped after this long, whatever happens. */
const unendedLogMs = 24 * 60 * 60_000;

/** A follower waiting for live events re-reads the stream this often, in case a notification was lost. */
const followerPollMs = 5_000;

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
 * event.
 */
export class RedisRunLog implements LiveRunLog {
  readonly retentionMs: number;
  readonly #redis: Redis;
  readonly #subscriptions: RedisSubscriptions;
  readonly #logError: (message: string, error: unknown) => void;

  constructor({
    redis,
    subscriptions,
    retentionMs = defaultRunLogRetentionMs,
    logError,
  }: {
    redis: Redis;
    subscriptions: RedisSubscriptions;
    retentionMs?: number;
    logError(message: string, error: unknown): void;
  }) {
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
    const retentionMs = this.retentionMs;
    const logError = this.#logError;
    return {
      append({ seq, event, json = JSON.stringify(event) }: LoggedRunEvent) {
        const final = isFinalRunEvent(event);
        const fields = final ? ['event', json, 'final', '1'] : ['event', json];
        // One transaction per event, sent in order on one connection (and batched per tick by auto-pipelining).
        const transaction = redis.multi().xadd(key, `${seq}-0`, ...fields);
        if (seq === 1 || final) transaction.pexpire(key, final ? retentionMs : unendedLogMs);
        lastWrite = transaction
          .publish(channel, String(seq))
          .exec()
          .then((results) => {
            const failed = results?.find(([error]) => error !== null)?.[0];
            if (failed) throw failed;
          })
          .catch((error: unknown) =>
            logError(`could not append event ${seq} of run ${runId} to Redis`, error),
          );
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
    let quietPoll = false;
    try {
      while (!signal.aborted) {
        notified = false;
        const entries = await this.#redis.xrange(streamKey(runId), `${last + 1}-0`, '+');
        for (const [id, fields] of entries) {
          const seq = Number.parseInt(id, 10);
          if (seq <= last) continue;
          const logged = this.#decode(runId, seq, fields);
          last = seq;
          if (logged === undefined) continue;
          onEvent(logged);
          if (isFinalRunEvent(logged.event) || signal.aborted) return 'followed';
        }
        // Still nothing kept after a whole poll: the log expired (or never was) and nothing more will come.
        // (Not sooner: a run's first append may still be on its way while its first follower starts.)
        if (quietPoll && entries.length === 0 && last === 0 && !(await this.#exists(runId)))
          return 'untracked';
        if (notified) continue;
        quietPoll = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), followerPollMs);
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
