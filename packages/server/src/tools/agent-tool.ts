import type { ActivitySnapshotRunEvent } from '@drawbridge/protocol';
import type { z } from 'zod';

/** What a tool knows about the run that called it. */
export interface ToolContext {
  threadId: string;
  /** Who the run acts for: a tool reads only what this user may see (an admin: everyone's). */
  owner: { userId: string; isAdmin: boolean };
  runId: string;
  toolCallId: string;
  /** Fires when the run is cancelled (client gone, server shutting down); a parked call must give up. */
  abortSignal: AbortSignal;
  /** The request said a browser is attached that can answer client-side calls (typed render tools). */
  clientAttached: boolean;
  /** AG-UI `RunAgentInput.state`: what the client says it is showing (e.g. the dashboard's view). Untrusted. */
  clientState?: unknown;
  /**
   * Says in the run's events that this call is now parked for the attached browser (CUSTOM
   * `drawbridge.parked`): the browser draws and answers only parked calls, never guessing which were refused.
   * Every run step provides it; only the governance records made outside a step (refusals) leave it out.
   */
  announceParked?(): void;
  /**
   * Shows the call's view to the client as an activity of the run (`drawbridge.render-tool`,
   * `drawbridge.mcp-view`), after the call's TOOL_CALL_END, so an AG-UI frontend can draw it by its type.
   */
  showActivity?(activity: ActivitySnapshotRunEvent): void;
  /**
   * Present when no client can answer mid-run but the run can end waiting for it: the run stops after this
   * step with AG-UI 1.0's interrupt outcome for this call, and the client's next run answers it in `resume[]`.
   * Absent where nobody could ever answer (a console run): the tool then fails at once.
   */
  interrupt?(): void;
}

/** A tool's answer: expected failures are values, and the error text goes back to the model. */
export type ToolOutcome =
  | { ok: true; output: string }
  /** `code` classifies a failure for the audit log and the dashboard (e.g. `timeout`); the model reads `error`. */
  | { ok: false; error: string; code?: string };

/** A tool the agent may call, independent of the AI SDK so governance can wrap it. */
export interface AgentTool<Input = unknown> {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  /**
   * The JSON Schema the model is shown, when the tool has one of its own (a connected MCP server's tool);
   * default: derived from `inputSchema`. Validation is `inputSchema`'s either way.
   */
  inputJsonSchema?: Record<string, unknown>;
  execute(input: Input, context: ToolContext): Promise<ToolOutcome>;
}
