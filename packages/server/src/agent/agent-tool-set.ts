import type { ActivitySnapshotRunEvent } from '@drawbridge/protocol';
import { type JSONSchema7, jsonSchema, type Schema, type ToolSet, tool, zodSchema } from 'ai';
import type { AgentTool, ToolContext, ToolOutcome } from '../tools/agent-tool.ts';

/** The run-wide facts every tool call of one run shares. */
export interface AgentToolSetOptions {
  tools: readonly AgentTool[];
  threadId: string;
  runId: string;
  /** Who the run acts for (`ToolContext.owner`). */
  owner: ToolContext['owner'];
  clientAttached: boolean;
  clientState?: unknown;
  /** Tools offered without `execute`: the client runs them, so the run ends with their calls pending. */
  clientExecutedToolNames?: ReadonlySet<string>;
  abortSignal: AbortSignal;
  /** A call was parked for the attached browser; the run says so in its events. */
  onParked(toolCallId: string): void;
  /** A tool shows its call's view as an activity of the run. */
  onShown(toolCallId: string, activity: ActivitySnapshotRunEvent): void;
  /** Present when the run may end with an interrupt for a call the client answers in its next run. */
  onInterrupt?(toolCallId: string): void;
}

/**
 * The tool's JSON schema for the model, without the SDK's own validation of the arguments: the
 * governance chain validates them, words the refusal so the model can correct itself, and audits it.
 */
function schemaWithoutSdkValidation(agentTool: AgentTool): Schema<unknown> {
  if (agentTool.inputJsonSchema !== undefined) return jsonSchema(agentTool.inputJsonSchema as JSONSchema7);
  const described = zodSchema(agentTool.inputSchema);
  return jsonSchema(() => described.jsonSchema);
}

/** Text a failed outcome shows to the model and to the client. */
export function describeToolOutcome(outcome: ToolOutcome): string {
  return outcome.ok ? outcome.output : `Error: ${outcome.error}`;
}

/** Converts our tools into AI SDK tools; a failed outcome reaches the model as error text, not a throw. */
export function createAgentToolSet({
  tools,
  threadId,
  runId,
  owner,
  clientAttached,
  clientState,
  clientExecutedToolNames,
  abortSignal,
  onParked,
  onShown,
  onInterrupt,
}: AgentToolSetOptions): ToolSet {
  const toolSet: ToolSet = {};
  for (const agentTool of tools) {
    if (clientExecutedToolNames?.has(agentTool.name)) {
      toolSet[agentTool.name] = tool({
        description: agentTool.description,
        inputSchema: agentTool.inputSchema,
      });
      continue;
    }
    toolSet[agentTool.name] = tool<unknown, ToolOutcome, Record<string, never>>({
      description: agentTool.description,
      inputSchema: schemaWithoutSdkValidation(agentTool),
      execute: (input, options) =>
        agentTool.execute(input, {
          threadId,
          runId,
          owner,
          toolCallId: options.toolCallId,
          abortSignal: options.abortSignal ?? abortSignal,
          clientAttached,
          clientState,
          announceParked: () => onParked(options.toolCallId),
          showActivity: (activity) => onShown(options.toolCallId, activity),
          ...(onInterrupt === undefined ? {} : { interrupt: () => onInterrupt(options.toolCallId) }),
        }),
      toModelOutput: ({ output }) =>
        output.ok ? { type: 'text', value: output.output } : { type: 'error-text', value: output.error },
    });
  }
  return toolSet;
}
