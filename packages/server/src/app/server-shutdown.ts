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
  /** One callback per run still streaming; each removes itself when its run ends. */
  readonly #runEnders = new Set<(reason: ServerShuttingDownError) => void>();
  #ended: ServerShuttingDownError | undefined;
  #draining = false;

  /** Calls `endRun` once the runs still going must end (at once if they must already); returns the unsubscribe. */
  onEndRuns(endRun: (reason: ServerShuttingDownError) => void): () => void {
    if (this.#ended !== undefined) {
      endRun(this.#ended);
      return () => {};
    }
    this.#runEnders.add(endRun);
    return () => this.#runEnders.delete(endRun);
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
    if (this.#ended !== undefined) return;
    const reason = new ServerShuttingDownError();
    this.#ended = reason;
    for (const endRun of [...this.#runEnders]) endRun(reason);
    this.#runEnders.clear();
  }
}
