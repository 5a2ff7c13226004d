import {
  type GeneratedWidget,
  generatedWidgetLookup,
  isFinalRunEvent,
  parseRunEvent,
  type RunEvent,
  replyOfRunEvents,
  replySegments,
} from '@drawbridge/protocol';
import type { ErrorLogger } from '../../http/error-handler.ts';
import type { Store } from '../../store/store.ts';
import { defaultRunLogRetentionMs } from './in-process-run-log.ts';
import type { LiveRunLog, ReadStoredRunEvents } from './live-run-log.ts';
import { RunEventJournal } from './run-event-journal.ts';
import type { FollowRunLogOptions, LoggedRunEvent, RunLog, RunLogEnding, RunLogWriter } from './run-log.ts';
import { RunLogGapError } from './run-log-gap-error.ts';

type RunEventStore = Pick<Store, 'commitRunEvents' | 'readRunEvents' | 'hasRunEvents' | 'listMessages'>;

/**
 * The run log: stored first, handed on second. Every event goes into the store with the other runs' events of
 * its tick (`RunEventJournal`), and only then to the live log (`InProcessRunLog`, or `RedisRunLog` across
 * instances) that hands it to followers, so no client is ever sent an event a crash could lose. A run's final
 * event stores the run's ending with it. A follower of a run the live log does not hold (ended, or run by a
 * process that is gone) reads the store, which keeps an ended run's events for `retentionMs`.
 */
export class DurableRunLog implements RunLog {
  readonly retentionMs: number;
  readonly #store: RunEventStore;
  readonly #live: LiveRunLog;
  readonly #journal: RunEventJournal;
  readonly #logError: ErrorLogger;

  constructor({
    store,
    live,
    logError,
    retentionMs = defaultRunLogRetentionMs,
  }: {
    store: RunEventStore;
    live: LiveRunLog;
    logError: ErrorLogger;
    retentionMs?: number;
  }) {
    this.#store = store;
    this.#live = live;
    this.#logError = logError;
    this.retentionMs = retentionMs;
    this.#journal = new RunEventJournal({ store, logError });
  }

  create(runId: string): RunLogWriter {
    const live = this.#live.create(runId);
    const journaled = this.#journal.open(runId, (events) => {
      for (const logged of events) live.append(logged);
    });
    let seq = 0;
    let ended = false;
    return {
      append(event: RunEvent, ending?: RunLogEnding) {
        if (ended) return;
        seq += 1;
        ended = isFinalRunEvent(event);
        // Serialised once: the same text is stored and written to every follower's response.
        journaled.append({ seq, event, json: JSON.stringify(event) }, ended ? ending : undefined);
      },
      get ended() {
        return ended;
      },
      flushed: async () => {
        await journaled.flushed();
        await live.flushed();
      },
    };
  }

  async endAbandoned(
    { runId, threadId }: { runId: string; threadId: string },
    finalEvent: RunEvent,
  ): Promise<void> {
    const stored = await this.#readStored({ runId, after: 0 });
    const ended = stored.find((logged) => isFinalRunEvent(logged.event));
    if (ended !== undefined) {
      await this.#live.endAbandoned(runId, ended);
      return;
    }
    const logged = {
      seq: (stored.at(-1)?.seq ?? 0) + 1,
      event: finalEvent,
      json: JSON.stringify(finalEvent),
    };
    // The reply as far as its stored events made it: everything a client of the dead instance was sent. A live
    // edit in it continues a widget the thread holds.
    const reply = replyOfRunEvents(
      stored.map((item) => item.event),
      generatedWidgetLookup(await this.#threadWidgets(threadId)),
    );
    const { failedEndings } = await this.#store.commitRunEvents({
      batches: [{ runId, firstSeq: logged.seq, events: [logged.json] }],
      endings: reply === undefined ? [] : [{ runId, reply: { threadId, segments: replySegments(reply) } }],
    });
    for (const { error } of failedEndings) this.#logError(`could not store the reply of run ${runId}`, error);
    await this.#live.endAbandoned(runId, logged);
  }

  /** The thread's stored widgets; none when the thread cannot be read (its reply then keeps what it can). */
  async #threadWidgets(threadId: string): Promise<GeneratedWidget[]> {
    try {
      const messages = await this.#store.listMessages(threadId);
      return messages.flatMap((message) => (message.widget === undefined ? [] : [message.widget]));
    } catch (error) {
      this.#logError(`could not read the widgets of thread ${threadId}`, error);
      return [];
    }
  }

  exists(runId: string): Promise<boolean> {
    return this.#store.hasRunEvents(runId);
  }

  async follow(options: FollowRunLogOptions): Promise<void> {
    const outcome = await this.#live.follow({ ...options, readStored: this.#readStored });
    if (outcome === 'followed') return;
    // Not running here: what the store holds is the whole run, up to its final event, with no gap (an event
    // it could not read ends the stream, for the client to resume after the last one it took in).
    let last = Math.max(0, options.after);
    for (const logged of await this.#readStored(options)) {
      if (options.signal.aborted) return;
      if (logged.seq !== last + 1) {
        throw new RunLogGapError({ runId: options.runId, after: last, next: logged.seq });
      }
      options.onEvent(logged);
      last = logged.seq;
      if (isFinalRunEvent(logged.event)) return;
    }
  }

  async close(): Promise<void> {
    this.#journal.close();
    await this.#live.close();
  }

  /** A run's stored events after `after`, each checked as any run event is where it enters. */
  readonly #readStored: ReadStoredRunEvents = async ({ runId, after }) => {
    const logged: LoggedRunEvent[] = [];
    for (const { seq, event } of await this.#store.readRunEvents({ runId, after })) {
      const parsed = parseRunEvent(event);
      if (parsed.success) logged.push({ seq, event: parsed.event });
      else this.#logError(`run ${runId} has an unreadable stored event at seq ${seq}`, parsed.error);
    }
    return logged;
  };
}
