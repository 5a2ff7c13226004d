export {
  type AppDependencies,
  createApp,
  defaultHeartbeatIntervalMs,
  defaultMaxBodyBytes,
  type ServedModel,
} from './app/create-app.ts';
export type { ErrorLogger } from './app/error-handler.ts';
export { type ErrorResponder, errorBody, errorResponse, HttpError } from './app/http-error.ts';
export { RunRegistry } from './app/run-registry.ts';
export {
  defaultHost,
  defaultPort,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from './app/start-server.ts';
export { createAgentToolSet, describeToolOutcome } from './run/agent-tool-set.ts';
export {
  type AssembledAssistantMessage,
  AssistantMessageAssembler,
} from './run/assistant-message-assembler.ts';
export { describeModelError } from './run/describe-model-error.ts';
export { createEventStreamResponse, eventStreamHeaders } from './run/event-stream-response.ts';
export { negotiateStreamFormat } from './run/negotiate-stream-format.ts';
export { parseRunRequest, type RunRequest } from './run/parse-run-request.ts';
export { type AgentModel, type AgentRunResult, type RunAgentOptions, runAgent } from './run/run-agent.ts';
export type { AgentTool, ToolContext, ToolOutcome } from './tools/agent-tool.ts';
