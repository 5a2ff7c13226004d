import type { RunEvent } from '@drawbridge/protocol';
import type {
  AssembledAssistantMessage,
  AssistantMessageAssembler,
} from '../assembly/assistant-message-assembler.ts';

export interface ReplyTextOptions {
  assembler: AssistantMessageAssembler;
  emit(event: RunEvent): void;
  /** Stores a closed segment of the reply; what follows it waits until it is stored. */
  onSegment?(segment: AssembledAssistantMessage): Promise<void>;
  /** Told after each piece of text; `read` returns the current segment, for storing it as it grows. */
  onMessageGrowth?(read: () => AssembledAssistantMessage): void;
}

/**
 * The reply's text on its way out of a run: each piece parsed into events at once, and the segments the
 * assembler closes (after a finished widget, before a tool call, at the end) stored in the order they closed.
 */
export class ReplyText {
  readonly #options: ReplyTextOptions;
  readonly #read: () => AssembledAssistantMessage;

  constructor(options: ReplyTextOptions) {
    this.#options = options;
    this.#read = () => options.assembler.snapshot();
  }

  /** The id the reply's events carry (its first segment's). */
  get messageId(): string {
    return this.#options.assembler.messageId;
  }

  /** A piece of the model's text; returns a promise only when closed segments must be stored first (rare). */
  push(text: string): void | Promise<void> {
    const { assembler, onMessageGrowth } = this.#options;
    this.#emitAll(assembler.push(text));
    const closed = assembler.takeClosedSegments();
    if (closed.length === 0) {
      onMessageGrowth?.(this.#read);
      return;
    }
    // After a widget: what follows waits until the closed segments are stored.
    return this.#store(closed).then(() => onMessageGrowth?.(this.#read));
  }

  /**
   * Closes the segment before a tool call is announced. Awaiting the store here means a browser cannot answer
   * the call (and store its widget) before the prose that introduced it is stored.
   */
  async closeBeforeToolCall(): Promise<void> {
    const { assembler } = this.#options;
    const { events, segment } = assembler.endSegment();
    this.#emitAll(events);
    await this.#store([...assembler.takeClosedSegments(), ...(segment === undefined ? [] : [segment])]);
  }

  /** Ends the reply: the parser's last events out, the segments it closed stored. */
  async end(): Promise<void> {
    const { assembler } = this.#options;
    this.#emitAll(assembler.end());
    await this.#store(assembler.takeClosedSegments());
  }

  /** The last segment as far as it got. */
  snapshot(): AssembledAssistantMessage {
    return this.#read();
  }

  #emitAll(events: readonly RunEvent[]): void {
    for (const event of events) this.#options.emit(event);
  }

  async #store(segments: readonly AssembledAssistantMessage[]): Promise<void> {
    for (const segment of segments) await this.#options.onSegment?.(segment);
  }
}
