import { runEvents } from '@drawbridge/protocol';
import type { z } from 'zod';
import type { ClientToolBridge } from '../../bridge/client-tool-bridge.ts';
import type { AgentTool, ToolContext } from '../agent-tool.ts';

/** The sentences a render tool tells the model when it cannot draw. */
export interface RenderToolMessages {
  noClient: string;
  timeout: string;
  cancelled: string;
}

/** How one render tool parks: its name and schema, its sentences, and what it adds beyond the schema. */
export interface RenderToolOptions<Input> {
  name: string;
  description: string;
  schema: z.ZodType<Input>;
  messages: RenderToolMessages;
  /** Checks beyond the schema; returns the reason to refuse, or nothing. */
  validate?(args: Input): string | undefined;
  /** Turns the browser's acknowledgement into the model's answer (e.g. adds a numeric summary). */
  describeRendered?(args: Input, acknowledgement: string, context: ToolContext): Promise<string>;
}

export interface RenderToolDependencies {
  bridge: ClientToolBridge;
  timeoutMs: number;
}

/**
 * What the step records for an interrupted call. The model never reads it: the run ends after this step and
 * the client's answer (`resume[]` of the next run) takes its place in the thread.
 */
const interruptedOutput = 'Handed to the client; the next run brings its answer.';

/**
 * The shared base of every render tool. It owns the common steps — client attached? → checks beyond the
 * schema → show the call as a `drawbridge.render-tool` activity → park on the bridge (and say so) or interrupt
 * the run → turn the browser's answer into the model's one sentence — so a tool supplies only its name, description, messages and extra validation.
 * The arguments arrive validated: the governance chain every call passes parses them with `schema`, once.
 */
export function createRenderTool<Input>(
  definition: RenderToolOptions<Input>,
  { bridge, timeoutMs }: RenderToolDependencies,
): AgentTool<Input> {
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.schema,
    async execute(input, context) {
      if (!context.clientAttached && context.interrupt === undefined) {
        return { ok: false, error: definition.messages.noClient };
      }
      // `input` already passed the schema, once, in the governance chain every call goes through.
      const refusal = definition.validate?.(input);
      if (refusal) return { ok: false, error: `Invalid ${definition.name} arguments: ${refusal}` };
      // What the client is asked to draw, as an activity any AG-UI frontend can draw by its type.
      context.showActivity?.(
        runEvents.renderToolActivity({
          toolCallId: context.toolCallId,
          toolName: definition.name,
          args: input as Record<string, unknown>,
        }),
      );
      if (!context.clientAttached) {
        // Validated like a parked call, so the client is only ever asked to draw what it could draw.
        context.interrupt?.();
        return { ok: true, output: interruptedOutput };
      }
      const parking = bridge.park(
        {
          threadId: context.threadId,
          runId: context.runId,
          toolCallId: context.toolCallId,
          toolName: definition.name,
          args: input,
        },
        { timeoutMs, abortSignal: context.abortSignal },
      );
      // The bridge registers the call synchronously, so an answer prompted by this event finds it open.
      context.announceParked?.();
      const outcome = await parking;
      if (outcome.kind === 'timeout') return { ok: false, error: definition.messages.timeout };
      if (outcome.kind === 'cancelled') return { ok: false, error: definition.messages.cancelled };
      if (outcome.result.status !== 'rendered') return { ok: false, error: outcome.result.message };
      const output = definition.describeRendered
        ? await definition.describeRendered(input, outcome.result.message, context)
        : outcome.result.message;
      return { ok: true, output };
    },
  };
}
