import type { RunSignals } from './run-signals.ts';

/** The embedded default: every run executes in this process, so a cancel is delivered to it directly. */
export class InProcessRunSignals implements RunSignals {
  readonly #listeners = new Set<(runId: string) => void>();

  async requestCancel(runId: string): Promise<void> {
    for (const listener of [...this.#listeners]) listener(runId);
  }

  onCancelRequested(listener: (runId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
