import type { ConfigProblem } from './config-problem.ts';
import { describeConfigIssue } from './config-problem.ts';
import { type DrawbridgeConfig, drawbridgeConfigSchema } from './drawbridge-config-schema.ts';
import {
  type EnvironmentVariable,
  environmentVariables,
  readEnvironmentValue,
} from './environment-variables.ts';

/** A configuration, or every problem with it at once. */
export type ConfigResult =
  | { success: true; config: DrawbridgeConfig }
  | { success: false; problems: ConfigProblem[] };

/** The variable whose setting holds `path` (a list entry's issue names its list's variable). */
function variableAt(path: readonly PropertyKey[]): EnvironmentVariable | undefined {
  return environmentVariables.find((variable) => variable.path.every((key, index) => path[index] === key));
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1) as string] = value;
}

/**
 * Reads every setting from environment variables (unset or empty: the default) and checks them together, so
 * a broken configuration is refused with all its problems, each one line naming the variable to fix.
 */
export function readConfigFromEnvironment(environment: Record<string, string | undefined>): ConfigResult {
  const input: Record<string, unknown> = {};
  for (const variable of environmentVariables) {
    const text = environment[variable.name];
    if (text === undefined || text.trim() === '') continue;
    setAt(input, variable.path, readEnvironmentValue(variable.reading, text));
  }
  const parsed = drawbridgeConfigSchema.safeParse(input);
  if (parsed.success) return { success: true, config: parsed.data };
  const names = {
    nameOf: (path: readonly PropertyKey[]) => variableAt(path)?.name ?? path.join('.'),
    shownValue: (path: readonly PropertyKey[]) => {
      const variable = variableAt(path);
      const text = variable === undefined ? undefined : environment[variable.name]?.trim();
      return variable?.secret || !text ? undefined : JSON.stringify(text);
    },
  };
  return { success: false, problems: parsed.error.issues.map((issue) => describeConfigIssue(issue, names)) };
}
