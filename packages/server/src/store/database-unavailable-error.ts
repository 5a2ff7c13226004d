import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised at start-up when the configured database cannot be reached; the message names it without secrets. */
export class DatabaseUnavailableError extends DrawbridgeError<'database_unavailable'> {
  static override readonly errorName = 'DatabaseUnavailableError';

  constructor(message: string, { cause }: { cause?: unknown } = {}) {
    super({ code: 'database_unavailable', message, cause });
  }
}
