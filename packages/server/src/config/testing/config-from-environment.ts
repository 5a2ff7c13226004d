import type { DrawbridgeConfig } from '../drawbridge-config-schema.ts';
import { readConfigFromEnvironment } from '../read-config-from-environment.ts';

/** The configuration these variables make, for tests that speak in environment variables; throws on a problem. */
export function configFromEnvironment(environment: Record<string, string | undefined>): DrawbridgeConfig {
  const result = readConfigFromEnvironment(environment);
  if (!result.success) throw new Error(result.problems.map((problem) => problem.message).join('\n'));
  return result.config;
}

/** The problems these variables make, for tests of refusals; throws when they make a configuration. */
export function configProblemsOf(environment: Record<string, string | undefined>) {
  const result = readConfigFromEnvironment(environment);
  if (result.success) throw new Error(`expected problems with ${JSON.stringify(environment)}`);
  return result.problems;
}
