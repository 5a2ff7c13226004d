import type { z } from 'zod';

/** What a tool knows about the run that called it. */
export interface ToolContext {
  threadId: string;
  runId: string;
  toolCallId: string;
  /** Fires when the run is cancelled (client gone, server shutting down); a parked call must give up. */
  abortSignal: AbortSignal;
  /** The request said a browser is attached that can answer client-side calls (typed render tools). */
  clientAttached: boolean;
  /** AG-UI `RunAgentInput.state`: what the client says it is showing (e.g. the dashboard's view). Untrusted. */
  clientState?: unknown;
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
  execute(input: Input, context: ToolContext): Promise<ToolOutcome>;
}
