/**
 * Drawbridge's server: `createDrawbridge` (a fetch handler for any framework) and `toNodeHandler`, the configuration, the tool and model types.
 *
 * @module @drawbridge/server
 */

export { createAgentToolSet, describeToolOutcome } from './agent/agent-tool-set.ts';
export { describeModelError } from './agent/describe-model-error.ts';
export { type AgentModel, type AgentRunResult, type RunAgentOptions, runAgent } from './agent/run-agent.ts';
export { AssistantMessageAssembler } from './assembly/assistant-message-assembler.ts';
export type { AuthenticateRequest, DrawbridgeUser } from './auth/custom-sign-in.ts';
export {
  ConfigError,
  type ConfigProblem,
  type DrawbridgeConfig,
  type DrawbridgeConfigInput,
  parseConfig,
  readConfigFromEnvironment,
  safeParseConfig,
} from './config/index.ts';
export { createDrawbridge, type Drawbridge, type DrawbridgeOptions } from './drawbridge/create-drawbridge.ts';
export type { DrawbridgeStore } from './drawbridge/drawbridge-store.ts';
export { type NodeRequestHandler, toNodeHandler } from './drawbridge/to-node-handler.ts';
export {
  type AppDependencies,
  createApp,
  defaultHeartbeatIntervalMs,
  defaultMaxBodyBytes,
  type ServedModel,
} from './http/create-app.ts';
export type { ErrorLogger } from './http/error-handler.ts';
export { type ErrorResponder, errorBody, errorResponse, HttpError } from './http/http-error.ts';
export {
  type RunningServer,
  type StartServerOptions,
  startServer,
} from './node-server/start-server.ts';
export { parseRunRequest, type RunRequest } from './runs/parse-run-request.ts';
export { RunRegistry } from './runs/run-registry.ts';
export type { AgentTool, ToolContext, ToolOutcome } from './tools/agent-tool.ts';
export { createEventStreamResponse, eventStreamHeaders } from './transport/event-stream-response.ts';
export { negotiateStreamFormat } from './transport/negotiate-stream-format.ts';
