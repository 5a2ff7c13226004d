/**
 * Every error `code` the HTTP API answers with, listed per route so a handler can only answer with a code
 * its route declares, and a client can switch over them. All snake_case.
 */

/**
 * Answered by the app itself, whatever the route: what Node's HTTP parser refused (headers too large, too
 * slow, cut off, not HTTP), the request guard (an absolute-form target, a foreign `Host` or `Origin`, a
 * state-changing body not declared JSON), an `/api/` request nobody signed in for, no such path, a body over
 * the limit, a database with no room to write (`storage_full`, 507), a bug.
 */
export const appErrorCodes = [
  'headers_too_large',
  'request_timeout',
  'incomplete_body',
  'malformed_request',
  'absolute_form_refused',
  'host_not_allowed',
  'origin_not_allowed',
  'unsupported_media_type',
  'sign_in_required',
  'not_found',
  'body_too_large',
  'bad_request',
  'storage_full',
  'internal_error',
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

/** `POST /api/agent`, all before the first byte of the stream. */
export const agentRouteErrorCodes = [
  'not_acceptable',
  'unsupported_media_type',
  'invalid_json',
  'invalid_run_input',
  'missing_user_message',
  'empty_user_message',
  'unknown_skill',
  'thread_not_found',
  'nothing_to_continue',
  'run_rate_limited',
  'token_budget_exhausted',
  'shutting_down',
  'form_not_open',
  'run_in_progress',
  'run_id_taken',
  'wrong_thread_kind',
  'unknown_model',
  'attachment_not_found',
] as const;
export type AgentRouteErrorCode = (typeof agentRouteErrorCodes)[number];

/** `/api/threads` (create, list, search, rename, rewind, messages, delete, widget download). */
export const threadRouteErrorCodes = [
  'invalid_json',
  'invalid_body',
  'invalid_query',
  'invalid_thread_id',
  'thread_not_found',
  'turn_not_found',
  'run_in_progress',
  'invalid_widget_file',
  'widget_not_found',
  'frame_not_built',
  'invalid_export_format',
  'invalid_export',
  'export_too_large',
  'unknown_model',
  'invalid_widget_state',
  'branch_not_found',
  'wrong_thread_kind',
] as const;
export type ThreadRouteErrorCode = (typeof threadRouteErrorCodes)[number];

/**
 * `/api/shares` and `POST /api/threads/:threadId/shares` (make, list and revoke read-only links), and the
 * shared page `GET /share/:token`, which answers an unknown or revoked link `404 share_not_found`.
 */
export const shareRouteErrorCodes = [
  'invalid_json',
  'invalid_body',
  'invalid_query',
  'invalid_thread_id',
  'thread_not_found',
  'widget_not_found',
  'too_many_shares',
  'invalid_share_id',
  'share_not_found',
] as const;
export type ShareRouteErrorCode = (typeof shareRouteErrorCodes)[number];

/** `/api/attachments` (upload a file, read one back). */
export const attachmentRouteErrorCodes = [
  'invalid_attachment_id',
  'invalid_attachment_name',
  'empty_attachment',
  'attachment_too_large',
  'unsupported_attachment_type',
  'attachment_not_found',
] as const;
export type AttachmentRouteErrorCode = (typeof attachmentRouteErrorCodes)[number];

/** `POST /api/threads/:threadId/tool-results`. */
export const toolResultRouteErrorCodes = [
  'invalid_json',
  'invalid_body',
  'unknown_call',
  'already_answered',
] as const;
export type ToolResultRouteErrorCode = (typeof toolResultRouteErrorCodes)[number];

/** `/api/runs/:runId` (read, follow its events, cancel). */
export const runRouteErrorCodes = [
  'invalid_run_id',
  'run_not_found',
  'invalid_after',
  'not_acceptable',
  'run_events_expired',
] as const;
export type RunRouteErrorCode = (typeof runRouteErrorCodes)[number];

/** `/api/dashboard/*`. */
export const dashboardRouteErrorCodes = ['unknown_metric', 'invalid_range', 'invalid_filter'] as const;
export type DashboardRouteErrorCode = (typeof dashboardRouteErrorCodes)[number];

/** `POST /api/telemetry/widget-events`. */
export const telemetryRouteErrorCodes = ['invalid_json', 'invalid_body', 'thread_not_found'] as const;
export type TelemetryRouteErrorCode = (typeof telemetryRouteErrorCodes)[number];

/** `/api/session` and `/api/tokens` (who is signed in; API tokens for programmatic clients). */
export const authRouteErrorCodes = [
  'invalid_json',
  'invalid_body',
  'token_not_found',
  'tokens_unavailable',
  'too_many_tokens',
] as const;
export type AuthRouteErrorCode = (typeof authRouteErrorCodes)[number];

/** `/frame/*` (the widget frame and the image frame) and `/vendor/three/*`. */
export const frameRouteErrorCodes = ['frame_not_built', 'invalid_image_url', 'not_found'] as const;
export type FrameRouteErrorCode = (typeof frameRouteErrorCodes)[number];

/** `/api/mcp/*`: connected MCP servers, their views' resources and their views' tool calls. */
export const mcpRouteErrorCodes = [
  'invalid_json',
  'invalid_body',
  'unknown_server',
  'unknown_tool',
  'server_unavailable',
  'thread_not_found',
  'result_not_found',
  'call_refused',
  'context_too_large',
] as const;
export type McpRouteErrorCode = (typeof mcpRouteErrorCodes)[number];

/** The sandbox origin's server (MCP App views): its proxy document and script. */
export const sandboxRouteErrorCodes = [
  'sandbox_not_built',
  'invalid_host',
  'invalid_declaration',
  'not_found',
] as const;
export type SandboxRouteErrorCode = (typeof sandboxRouteErrorCodes)[number];

/** Any code the server may put in an error body. */
export type ApiErrorCode =
  | AppErrorCode
  | AgentRouteErrorCode
  | ThreadRouteErrorCode
  | AttachmentRouteErrorCode
  | ShareRouteErrorCode
  | ToolResultRouteErrorCode
  | RunRouteErrorCode
  | DashboardRouteErrorCode
  | TelemetryRouteErrorCode
  | AuthRouteErrorCode
  | FrameRouteErrorCode
  | McpRouteErrorCode
  | SandboxRouteErrorCode;
