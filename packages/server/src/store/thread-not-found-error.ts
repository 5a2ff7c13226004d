import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised when a message or run is written to a thread that does not exist (or was deleted meanwhile). */
export class ThreadNotFoundError extends DrawbridgeError<'thread_not_found'> {
  static override readonly errorName = 'ThreadNotFoundError';
  readonly threadId: string;

  constructor(threadId: string) {
    super({ code: 'thread_not_found', message: `thread ${threadId} does not exist` });
    this.threadId = threadId;
  }
}
