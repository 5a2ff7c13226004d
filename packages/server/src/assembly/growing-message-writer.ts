import { type ReplyDetails, type ReplyMessage, type ReplySegment, replySegments } from '@drawbridge/protocol';
import type { Store } from '../store/store.ts';

/** What goes with a segment's write: the run's reply details, or that it is a periodic write of a growing one. */
interface SegmentWrite {
  reply?: ReplyDetails;
  inProgress?: boolean;
}

/** How often a growing assistant message is written: a crash loses at most about this much of the reply. */
export const defaultGrowingMessageIntervalMs = 1_000;

export interface GrowingMessageWriterOptions {
  store: Pick<Store, 'appendMessage' | 'updateMessage'>;
  threadId: string;
  intervalMs?: number;
  reportError(message: string, error: unknown): void;
}

/**
 * Stores the reply while it streams, so a crash (or a reload) keeps what the user already saw: at most one
 * write per interval while it grows, and its state before each tool call and at its end. The reply is stored
 * as its segments (`replySegments`); a write rewrites the last segment stored so far (the only one that may
 * still have grown) and appends the ones after it, so each keeps its place before whatever a later tool call
 * adds. Writes go one after another, in the order asked. The periodic writes leave the thread's time alone
 * (`inProgress`), so each costs one statement per segment, an append too; the reply's last write moves it.
 */
export class GrowingMessageWriter {
  readonly #options: GrowingMessageWriterOptions;
  readonly #intervalMs: number;
  /** Ids of segments already in the store. */
  readonly #stored = new Set<string>();
  /** Segments stored so far, in order: all but the last are closed and never change again. */
  #storedCount = 0;
  #read: (() => ReplyMessage) | undefined;
  #lastAppendedId: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #writes: Promise<void> = Promise.resolve();

  constructor(options: GrowingMessageWriterOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? defaultGrowingMessageIntervalMs;
  }

  /** The reply grew; `read` returns it when the next write comes due. */
  grew(read: () => ReplyMessage): void {
    this.#read = read;
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const current = this.#read?.();
      if (current !== undefined) void this.#enqueue(current, { inProgress: true });
    }, this.#intervalMs);
  }

  /**
   * Stores the reply as it stands (before a tool call, or at the end of the run); resolves once it is written.
   * `reply` (the run's model and tokens) goes on its last segment, in the same write, when it has one.
   */
  async store(message: ReplyMessage, extra: { reply?: ReplyDetails } = {}): Promise<void> {
    await this.#enqueue(message, extra);
  }

  /** The id of the newest segment this writer appended, if any. */
  get lastAppendedId(): string | undefined {
    return this.#lastAppendedId;
  }

  /** Whether the segment with this id is in the store. */
  hasStored(messageId: string): boolean {
    return this.#stored.has(messageId);
  }

  /** Drops the pending periodic write; the caller stores the final state itself. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#read = undefined;
  }

  /** Resolves once every write asked for so far is done. */
  async settled(): Promise<void> {
    await this.#writes;
  }

  #enqueue(message: ReplyMessage, details: SegmentWrite): Promise<void> {
    this.#writes = this.#writes.then(() => this.#writeReply(message, details));
    return this.#writes;
  }

  async #writeReply(message: ReplyMessage, { reply, inProgress }: SegmentWrite): Promise<void> {
    const segments = replySegments(message);
    for (let index = Math.max(0, this.#storedCount - 1); index < segments.length; index += 1) {
      const last = index === segments.length - 1;
      await this.#write(segments[index]!, {
        ...(last ? { reply } : {}),
        ...(inProgress ? { inProgress } : {}),
      });
      if (this.#stored.has(segments[index]!.id)) this.#storedCount = Math.max(this.#storedCount, index + 1);
    }
  }

  async #write(segment: ReplySegment, { reply, inProgress }: SegmentWrite): Promise<void> {
    const { store, threadId } = this.#options;
    const parts = {
      ...(segment.widget === undefined ? {} : { widget: segment.widget }),
      ...(reply === undefined ? {} : { reply }),
    };
    try {
      if (this.#stored.has(segment.id)) {
        await store.updateMessage(segment.id, { content: segment.content, ...parts }, { inProgress });
        return;
      }
      await store.appendMessage(
        { id: segment.id, threadId, role: 'assistant', content: segment.content, ...parts },
        { inProgress },
      );
      this.#stored.add(segment.id);
      this.#lastAppendedId = segment.id;
    } catch (error) {
      // The thread may have been deleted while the run streamed; the live stream goes on regardless.
      this.#options.reportError(`could not store assistant message ${segment.id}`, error);
    }
  }
}
