/** Raised when a message or run is written to a thread that does not exist (or was deleted meanwhile). */
export class ThreadNotFoundError extends Error {
  override readonly name = 'ThreadNotFoundError';
  readonly code = 'thread_not_found';
  readonly threadId: string;

  constructor(threadId: string) {
    super(`thread ${threadId} does not exist`);
    this.threadId = threadId;
  }
}
