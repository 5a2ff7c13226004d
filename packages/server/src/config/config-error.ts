import type { ConfigProblem } from './config-problem.ts';

/** A configuration that cannot work; its message is one line per problem. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'invalid_config';
  readonly problems: readonly ConfigProblem[];

  constructor({ problems }: { problems: readonly ConfigProblem[] }) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.problems = problems;
  }
}
