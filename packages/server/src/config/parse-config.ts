import { ConfigError } from './config-error.ts';
import { describeConfigIssue, type SettingNames } from './config-problem.ts';
import {
  type DrawbridgeConfig,
  type DrawbridgeConfigInput,
  drawbridgeConfigSchema,
} from './drawbridge-config-schema.ts';
import { environmentVariables } from './environment-variables.ts';
import type { ConfigResult } from './read-config-from-environment.ts';

function isSecretPath(path: readonly PropertyKey[]): boolean {
  return environmentVariables.some(
    (variable) => variable.secret && variable.path.every((key, index) => path[index] === key),
  );
}

/** Settings named by their path (`auth.modes`), as the program that built the configuration wrote them. */
export const configPathNames: SettingNames = {
  nameOf: (path: readonly PropertyKey[]) => path.join('.') || 'the configuration',
  shownValue: (path: readonly PropertyKey[], issue: { input?: unknown }) =>
    issue.input === undefined || isSecretPath(path) ? undefined : JSON.stringify(issue.input),
};

/** Checks a configuration built in code and applies the defaults; every problem at once, named by path. */
export function safeParseConfig(input: DrawbridgeConfigInput = {}): ConfigResult {
  const parsed = drawbridgeConfigSchema.safeParse(input, { reportInput: true });
  if (parsed.success) return { success: true, config: parsed.data };
  return {
    success: false,
    problems: parsed.error.issues.map((issue) => describeConfigIssue(issue, configPathNames)),
  };
}

/** `safeParseConfig` that throws a `ConfigError` listing the problems. */
export function parseConfig(input: DrawbridgeConfigInput = {}): DrawbridgeConfig {
  const result = safeParseConfig(input);
  if (!result.success) throw new ConfigError({ problems: result.problems });
  return result.config;
}
