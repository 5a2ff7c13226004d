import type { EvalCaseResult } from './eval-summary.ts';

/** Where progress goes: the process's stderr, or a collector in tests. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Progress on the terminal: one redrawn bar line when the output is a TTY, otherwise one plain line per
 * finished case (so CI logs stay readable).
 */
export class ProgressReporter {
  readonly #output: ProgressOutput;
  readonly #total: number;
  #done = 0;
  #failed = 0;
  #running = new Set<string>();

  constructor({ output, total }: { output: ProgressOutput; total: number }) {
    this.#output = output;
    this.#total = total;
  }

  started(id: string): void {
    this.#running.add(id);
    if (this.#output.isTTY) this.#draw();
  }

  finished(result: EvalCaseResult): void {
    this.#running.delete(result.id);
    this.#done += 1;
    if (!result.passed) this.#failed += 1;
    if (this.#output.isTTY) {
      if (!result.passed)
        this.#output.write(
          `\r\x1b[2K✗ ${result.id}: ${result.problems.map((problem) => problem.code).join(', ')}\n`,
        );
      this.#draw();
      return;
    }
    const verdict = result.passed
      ? 'pass'
      : `FAIL ${result.problems.map((problem) => problem.code).join(', ')}`;
    this.#output.write(
      `[${this.#done}/${this.#total}] ${result.id}: ${verdict} (${result.seconds.total} s)\n`,
    );
  }

  /** Ends the bar line so what follows starts on a fresh line. */
  close(): void {
    if (this.#output.isTTY) this.#output.write('\n');
  }

  #draw(): void {
    const width = 24;
    const filled = this.#total === 0 ? width : Math.round((this.#done / this.#total) * width);
    const running = [...this.#running].join(', ');
    const line = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${this.#done}/${this.#total}${
      this.#failed > 0 ? ` (${this.#failed} failed)` : ''
    }${running ? ` · ${running}` : ''}`;
    // A terminal that reports no width (0: `docker run -t`, `script`) gets the default, not a 20-character stub.
    const columns = this.#output.columns || 100;
    this.#output.write(`\r\x1b[2K${line.slice(0, Math.max(20, columns - 1))}`);
  }
}
