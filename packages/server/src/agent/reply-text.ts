import type { ReplyMessage, RunEvent } from '@drawbridge/protocol';
import type { AssistantMessageAssembler } from '../assembly/assistant-message-assembler.ts';

export interface ReplyTextOptions {
  assembler: AssistantMessageAssembler;
  emit(event: RunEvent): void;
  /** The reply as the events emitted so far make it. */
  readReply(): ReplyMessage;
  /** Receives the reply so far before a tool call is announced; the call waits until it resolves. */
  beforeToolCall?(reply: ReplyMessage): Promise<void>;
}

/** The reply's text on its way out of a run: each piece parsed into events at once. */
export class ReplyText {
  readonly #options: ReplyTextOptions;

  constructor(options: ReplyTextOptions) {
    this.#options = options;
  }

  /** The id the reply's events carry. */
  get messageId(): string {
    return this.#options.assembler.messageId;
  }

  /** A piece of the model's text. */
  push(text: string): void {
    this.#emitAll(this.#options.assembler.push(text));
  }

  /**
   * Ends the text before a tool call is announced. Awaiting `beforeToolCall` here means a browser cannot answer
   * the call (and store its widget) before the prose that introduced it is stored.
   */
  async closeBeforeToolCall(): Promise<void> {
    const { assembler, beforeToolCall, readReply } = this.#options;
    this.#emitAll(assembler.endBeforeToolCall());
    await beforeToolCall?.(readReply());
  }

  /** Ends the reply: the parser's last events out. */
  end(): void {
    this.#emitAll(this.#options.assembler.end());
  }

  #emitAll(events: readonly RunEvent[]): void {
    for (const event of events) this.#options.emit(event);
  }
}
