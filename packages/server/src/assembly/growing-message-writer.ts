import type { ReplyDetails } from '@drawbridge/protocol';
import type { Store } from '../store/store.ts';
import type { AssembledAssistantMessage } from './assistant-message-assembler.ts';

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
 * Stores the assistant message while it streams, so a crash (or a reload) keeps what the user already saw:
 * at most one write per interval while it grows, and the segment's last state when it closes. The first
 * write of a segment appends it (so it keeps its place before whatever a later tool call adds), later ones
 * rewrite it. Writes go one after another, in the order asked. The periodic writes leave the thread's time
 * alone (`inProgress`), so each costs one statement, the first (an append) too; the segment's last write
 * moves it.
 */
export class GrowingMessageWriter {
  readonly #options: GrowingMessageWriterOptions;
  readonly #intervalMs: number;
  /** Ids of segments already in the store. */
  readonly #stored = new Set<string>();
  #read: (() => AssembledAssistantMessage) | undefined;
  #lastAppendedId: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #writes: Promise<void> = Promise.resolve();

  constructor(options: GrowingMessageWriterOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? defaultGrowingMessageIntervalMs;
  }

  /** The message grew; `read` returns its current segment when the next write comes due. */
  grew(read: () => AssembledAssistantMessage): void {
    this.#read = read;
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const current = this.#read?.();
      if (current !== undefined) void this.#enqueue(current, { inProgress: true });
    }, this.#intervalMs);
  }

  /**
   * Stores a segment as it ended (at a tool call, or at the end of the run); resolves once it is written.
   * `reply` (the run's model and tokens) goes into the same write, when the segment is stored at all.
   */
  async store(segment: AssembledAssistantMessage, extra: { reply?: ReplyDetails } = {}): Promise<void> {
    await this.#enqueue(segment, extra);
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

  #enqueue(segment: AssembledAssistantMessage, details: SegmentWrite): Promise<void> {
    this.#writes = this.#writes.then(() => this.#write(segment, details));
    return this.#writes;
  }

  async #write(segment: AssembledAssistantMessage, { reply, inProgress }: SegmentWrite): Promise<void> {
    const { store, threadId } = this.#options;
    const parts = {
      ...(segment.widget === undefined ? {} : { widget: segment.widget }),
      ...(reply === undefined ? {} : { reply }),
    };
    try {
      if (this.#stored.has(segment.messageId)) {
        await store.updateMessage(segment.messageId, { content: segment.content, ...parts }, { inProgress });
        return;
      }
      if (segment.content === '' && segment.widget === undefined) return;
      await store.appendMessage(
        { id: segment.messageId, threadId, role: 'assistant', content: segment.content, ...parts },
        { inProgress },
      );
      this.#stored.add(segment.messageId);
      this.#lastAppendedId = segment.messageId;
    } catch (error) {
      // The thread may have been deleted while the run streamed; the live stream goes on regardless.
      this.#options.reportError(`could not store assistant message ${segment.messageId}`, error);
    }
  }
}
