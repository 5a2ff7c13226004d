export { ConfigError } from './config-error.ts';
export type { ConfigProblem } from './config-problem.ts';
export {
  type DrawbridgeConfig,
  type DrawbridgeConfigInput,
  drawbridgeConfigSchema,
} from './drawbridge-config-schema.ts';
export { type EnvironmentVariable, environmentVariables } from './environment-variables.ts';
export { parseConfig, safeParseConfig } from './parse-config.ts';
export { type ConfigResult, readConfigFromEnvironment } from './read-config-from-environment.ts';
