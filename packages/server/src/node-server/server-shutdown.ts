/**
 * A server's way out, first step: it drains (no new runs, running ones go on). What is still running when the
 * grace period ends is interrupted by the run supervisor, each run with a final `RUN_ERROR` `interrupted`.
 */
export class ServerShutdown {
  #draining = false;

  /** True once the server stopped taking new runs. */
  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }
}
