import { DrawbridgeError } from '@drawbridge/protocol';
import type { ConfigProblem } from './config-problem.ts';

/** A configuration that cannot work; its message is one line per problem. */
export class ConfigError extends DrawbridgeError<'invalid_config'> {
  static override readonly errorName = 'ConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor({ problems }: { problems: readonly ConfigProblem[] }) {
    super({ code: 'invalid_config', message: problems.map((problem) => problem.message).join('\n') });
    this.problems = problems;
  }
}
