/** A suite file that cannot be run: unreadable, not JSONL, a bad case or a repeated id; names the line. */
export class EvalSuiteError extends Error {
  override readonly name = 'EvalSuiteError';
  readonly code = 'eval_suite_invalid';
  readonly file: string;
  readonly line: number | undefined;

  constructor({ file, line, reason }: { file: string; line?: number; reason: string }) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${reason}`);
    this.file = file;
    this.line = line;
  }
}
