/** The reason a run is ended by a shutdown whose grace period ran out; its `RUN_ERROR` says so. */
export class ServerShuttingDownError extends Error {
  override readonly name = 'ServerShuttingDownError';
  readonly code = 'server_shutting_down';

  constructor() {
    super('The server is shutting down; send the message again in a moment.');
  }
}

/**
 * A server's way out: first it drains (no new runs, running ones go on), then it ends the runs still going,
 * each with a final `RUN_ERROR` rather than a cut-off stream.
 */
export class ServerShutdown {
  readonly #endRuns = new AbortController();
  #draining = false;

  /** Fires when the runs still going must end. */
  get signal(): AbortSignal {
    return this.#endRuns.signal;
  }

  /** True once the server stopped taking new runs. */
  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }

  endRuns(): void {
    this.#draining = true;
    if (!this.#endRuns.signal.aborted) this.#endRuns.abort(new ServerShuttingDownError());
  }
}
