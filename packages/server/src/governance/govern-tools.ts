import { describeSchemaError } from '@drawbridge/protocol';
import type { Skill } from '../skills/skill.ts';
import { skillGrantsTool } from '../skills/skill-grants-tool.ts';
import type { AgentTool, ToolContext, ToolOutcome } from '../tools/agent-tool.ts';
import { argumentsDigest } from './arguments-digest.ts';
import type { AuditLog, AuditOutcome } from './audit-log.ts';
import type { CallLimits } from './call-limits.ts';

export interface GovernToolsOptions {
  tools: readonly AgentTool[];
  skill: Skill;
  limits: CallLimits;
  auditLog: AuditLog;
  clock?: () => Date;
  ids?: () => string;
}

/** The tools a run may offer the model, each wrapped in the chain, plus the refusal for anything else. */
export interface GovernedToolset {
  /** Only the tools the skill grants, each passing grant → validation → limits → audit → execution. */
  offered: AgentTool[];
  /**
   * Records and refuses a call rejected before execution: a tool that was not offered (a model may still
   * name one), or an offered tool whose arguments fail its schema.
   */
  refuse(input: { toolName: string; input: unknown; context: ToolContext }): Promise<ToolOutcome>;
  /**
   * Records a call the client executes itself (an AG-UI frontend tool): it was offered (so granted) and
   * the SDK checked its arguments; it counts against the limits and leaves its audit record like any other.
   */
  recordClientExecution(input: { toolName: string; input: unknown; context: ToolContext }): Promise<void>;
}

/**
 * Builds the one governance chain every tool call passes. The grant is checked again at call time,
 * not only when offering, so a tool list assembled elsewhere cannot smuggle an ungranted tool in.
 */
export function governTools({
  tools,
  skill,
  limits,
  auditLog,
  clock = () => new Date(),
  ids = () => crypto.randomUUID(),
}: GovernToolsOptions): GovernedToolset {
  async function audit(
    toolName: string,
    input: unknown,
    context: ToolContext,
    startedAt: number,
    outcome: AuditOutcome,
    reason: string | null,
  ): Promise<void> {
    await auditLog.append({
      id: ids(),
      at: new Date(startedAt).toISOString(),
      actor: skill.name,
      threadId: context.threadId,
      runId: context.runId,
      toolCallId: context.toolCallId,
      tool: toolName,
      argumentsDigest: argumentsDigest(input),
      outcome,
      reason,
      durationMs: Math.max(0, clock().getTime() - startedAt),
    });
  }

  async function refusal(
    toolName: string,
    input: unknown,
    context: ToolContext,
    startedAt: number,
    reason: string,
  ): Promise<ToolOutcome> {
    await audit(toolName, input, context, startedAt, 'refused', reason);
    return { ok: false, error: `The call to ${toolName} was refused: ${reason}` };
  }

  function govern(tool: AgentTool): AgentTool {
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      async execute(input, context) {
        const startedAt = clock().getTime();
        if (!skillGrantsTool({ skill, toolName: tool.name })) {
          return refusal(
            tool.name,
            input,
            context,
            startedAt,
            `not_granted: the ${skill.name} skill does not grant it`,
          );
        }
        const parsed = tool.inputSchema.safeParse(input);
        if (!parsed.success) {
          const reason = `invalid_arguments: ${describeSchemaError(parsed.error)}`;
          return refusal(tool.name, input, context, startedAt, reason);
        }
        const verdict = limits.admit({ runId: context.runId, threadId: context.threadId, now: startedAt });
        if (!verdict.ok) return refusal(tool.name, input, context, startedAt, verdict.reason);
        let outcome: ToolOutcome;
        try {
          outcome = await tool.execute(parsed.data, context);
        } catch (error) {
          // A tool that throws is a bug in the tool, not in the model's request; the model still gets an answer.
          outcome = { ok: false, error: `The tool ${tool.name} failed: ${(error as Error).message}` };
        }
        const reason = outcome.ok ? null : outcome.code ? `${outcome.code}: ${outcome.error}` : outcome.error;
        await audit(tool.name, input, context, startedAt, outcome.ok ? 'ok' : 'error', reason);
        return outcome;
      },
    };
  }

  const offeredTools = tools.filter((tool) => skillGrantsTool({ skill, toolName: tool.name }));
  return {
    offered: offeredTools.map(govern),
    refuse: ({ toolName, input, context }) => {
      const offeredTool = offeredTools.find((tool) => tool.name === toolName);
      // The SDK checks arguments against the offered schema before our chain runs; the same check names the fault.
      const parsed = offeredTool?.inputSchema.safeParse(input);
      const reason =
        parsed === undefined
          ? `not_granted: the ${skill.name} skill does not offer it`
          : `invalid_arguments: ${parsed.success ? 'the arguments are not a JSON object' : describeSchemaError(parsed.error)}`;
      return refusal(toolName, input, context, clock().getTime(), reason);
    },
    recordClientExecution: async ({ toolName, input, context }) => {
      const startedAt = clock().getTime();
      const verdict = limits.admit({ runId: context.runId, threadId: context.threadId, now: startedAt });
      // The call already left for the client, so an exceeded limit can only be recorded, not enforced.
      const reason = verdict.ok ? 'executed by the client (AG-UI frontend tool)' : verdict.reason;
      await audit(toolName, input, context, startedAt, verdict.ok ? 'ok' : 'refused', reason);
    },
  };
}
