import { DrawbridgeError } from '@drawbridge/protocol';

/** A suite file that cannot be run: unreadable, not JSONL, a bad case or a repeated id; names the line. */
export class EvalSuiteError extends DrawbridgeError<'eval_suite_invalid'> {
  static override readonly errorName = 'EvalSuiteError';
  readonly file: string;
  readonly line: number | undefined;

  constructor({ file, line, reason }: { file: string; line?: number; reason: string }) {
    super({
      code: 'eval_suite_invalid',
      message: `${file}${line === undefined ? '' : `:${line}`}: ${reason}`,
    });
    this.file = file;
    this.line = line;
  }
}
