import type { Redis } from 'ioredis';
import type { RunLease, RunRecord, Store } from '../../store/store.ts';
import type { RunLeases } from './run-leases.ts';

/** What a lease key holds once a sweep took it from a holder that stopped renewing; never an instance id. */
const interruptedMark = '!interrupted';

/** How long that mark refuses a stalled holder's renewal, so it learns its run was interrupted. */
const interruptedMarkMs = 24 * 60 * 60_000;

const leaseKey = (runId: string) => `drawbridge:run:${runId}:lease`;

// Sets the key to ARGV[1] for ARGV[2] ms unless another holder has it. The holder renews with its instance
// id; a sweep takes a lapsed lease with the mark. Atomic, so a renewal and a sweep never both win.
const claimScript = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * Leases on Redis, for several instances: a key per running run holding its instance's id, with a
 * time-to-live Redis itself expires, renewed every third of it. The run record keeps only the lease the run
 * started with (never renewed), so the database sees one write per run instead of one per renewal, and a
 * sweep reads from it only the runs old enough to need a look. A run whose key is gone is taken with a mark
 * (so its holder, if it was only stalled, stops it at its next renewal) and interrupted in the database.
 *
 * A Redis outage is not a death: while this instance cannot reach Redis it interrupts nothing, and after it
 * (re)connects it waits one lease before trusting an absent key, so every live holder has renewed by then
 * even when Redis came back empty.
 */
export class RedisRunLeases implements RunLeases {
  readonly leaseMs: number;
  readonly #redis: Redis;
  readonly #store: Pick<Store, 'runsWithExpiredLeases' | 'interruptRuns'>;
  readonly #instanceId: string;
  readonly #clock: () => Date;
  #reachableSince: number;

  constructor({
    redis,
    store,
    instanceId,
    leaseMs,
    clock,
  }: {
    redis: Redis;
    store: Pick<Store, 'runsWithExpiredLeases' | 'interruptRuns'>;
    instanceId: string;
    leaseMs: number;
    clock: () => Date;
  }) {
    this.#redis = redis;
    this.#store = store;
    this.#instanceId = instanceId;
    this.leaseMs = leaseMs;
    this.#clock = clock;
    this.#reachableSince = clock().getTime();
    redis.on('ready', () => {
      this.#reachableSince = clock().getTime();
    });
  }

  initialLease(): Omit<RunLease, 'runId'> {
    return {
      instanceId: this.#instanceId,
      expiresAt: new Date(this.#clock().getTime() + this.leaseMs).toISOString(),
    };
  }

  async renew(runId: string): Promise<boolean> {
    const claimed = await this.#redis.eval(
      claimScript,
      1,
      leaseKey(runId),
      this.#instanceId,
      String(this.leaseMs),
    );
    return claimed === 1;
  }

  async release(runId: string): Promise<void> {
    await this.#redis.eval(releaseScript, 1, leaseKey(runId), this.#instanceId);
  }

  async interruptExpired({ now }: { now: string }): Promise<RunRecord[]> {
    if (this.#redis.status !== 'ready') return [];
    if (Date.parse(now) - this.#reachableSince < this.leaseMs) return [];
    const candidates = await this.#store.runsWithExpiredLeases({ now });
    if (candidates.length === 0) return [];
    // One script per run, sent together by auto-pipelining: a live lease keeps its run, a lapsed one is taken.
    const claims = await Promise.all(
      candidates.map((run) =>
        this.#redis.eval(claimScript, 1, leaseKey(run.id), interruptedMark, String(interruptedMarkMs)),
      ),
    );
    const lapsed = candidates.filter((_, index) => claims[index] === 1).map((run) => run.id);
    if (lapsed.length === 0) return [];
    // Another instance's sweep may take the same runs; the conditional update lets one of them write each.
    return this.#store.interruptRuns({ runIds: lapsed, now });
  }
}
