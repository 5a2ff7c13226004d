/** One thing wrong with a configuration: the setting to change, and a line that says what to set. */
export interface ConfigProblem {
  /** The environment variable (`DRAWBRIDGE_AUTH`) or, for a configuration built in code, the path (`auth.modes`). */
  setting: string;
  /** One line naming the setting and what fits, e.g. `PORT must be a whole number from 0 to 65535 (got "x").` */
  message: string;
}

/** How settings are named and shown in the words of whoever wrote the configuration. */
export interface SettingNames {
  /** The name of the setting at a path (an issue's path may go deeper, into a list entry). */
  nameOf(path: readonly PropertyKey[]): string;
  /** What the setting was given, for the message; undefined when unset or when it must not be repeated. */
  shownValue(path: readonly PropertyKey[], issue: ConfigIssue): string | undefined;
}

/** What a problem says before it is put in words: where, its message with name tokens, and the value seen. */
export interface ConfigIssue {
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
}

/** The issue as one line: `{}` becomes the setting's own name, `{group.key}` another's. */
export function describeConfigIssue(issue: ConfigIssue, names: SettingNames): ConfigProblem {
  const setting = names.nameOf(issue.path);
  const words = issue.message.includes('{')
    ? issue.message.replace(/\{([\w.]*)\}/g, (_token, path: string) =>
        path === '' ? setting : names.nameOf(path.split('.')),
      )
    : // zod's own words (an unknown key in a configuration built in code) say nothing of where.
      `${setting}: ${issue.message}`;
  const shown = names.shownValue(issue.path, issue);
  return { setting, message: `${words}${shown === undefined ? '' : ` (got ${shown})`}.` };
}
