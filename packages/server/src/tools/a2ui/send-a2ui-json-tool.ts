import {
  a2uiOperationsKey,
  describeA2uiActivityProblem,
  foldA2uiActivity,
  isA2uiSurfaceReady,
  readA2uiToolArguments,
  sendA2uiToolName,
} from '@drawbridge/protocol';
import { z } from 'zod';
import type { AgentTool, ToolContext } from '../agent-tool.ts';

/** The tool's arguments, as `@ag-ui/a2ui-middleware` declares them: A2UI messages as one JSON string. */
export const sendA2uiJsonArgsSchema = z.strictObject({
  a2ui_json: z
    .string()
    .max(256_000)
    .describe('A JSON array of A2UI v0.9 messages: createSurface, updateComponents, updateDataModel.'),
});

export type SendA2uiJsonArgs = z.infer<typeof sendA2uiJsonArgsSchema>;

/** A surface the tool drew: the call and what the model was told, for the thread to keep. */
export interface DisplayedA2uiSurface {
  context: ToolContext;
  args: SendA2uiJsonArgs;
  result: string;
}

/**
 * `send_a2ui_json_to_client`: the model draws a declarative surface (A2UI) — no code, components from the basic
 * catalog. The run shows it while the arguments stream (`A2uiToolCallActivities`); here the complete messages
 * are validated with the schemas the browser draws with, so the model reads the exact problem of a surface
 * that could not be drawn and can send it again, and a drawn one is kept (`onDisplayed`) for reloads and for
 * the model's next turn.
 */
export function sendA2uiJsonTool({
  onDisplayed,
}: {
  onDisplayed?(surface: DisplayedA2uiSurface): Promise<void>;
} = {}): AgentTool<SendA2uiJsonArgs> {
  return {
    name: sendA2uiToolName,
    description:
      'Draws an A2UI surface (forms, cards, lists, choices, buttons) for the user from a JSON array of A2UI ' +
      'v0.9 messages, following the A2UI rules in the instructions. The user sees it at once; their actions on ' +
      'it arrive as their next message.',
    inputSchema: sendA2uiJsonArgsSchema,
    async execute(args, context) {
      const read = readA2uiToolArguments(args);
      if (!read.success) return { ok: false, error: `The surface was not drawn: ${read.error}` };
      const fold = foldA2uiActivity({ [a2uiOperationsKey]: read.messages });
      if (!fold.success) {
        return {
          ok: false,
          error: `The surface was not drawn: ${describeA2uiActivityProblem(fold.problem)}. Fix it and send it again.`,
        };
      }
      const drawn = fold.surfaces.filter(isA2uiSurfaceReady).map((surface) => `"${surface.surfaceId}"`);
      if (drawn.length === 0) {
        return {
          ok: false,
          error:
            'The surface was not drawn: nothing in it can be shown yet. A v0.9 surface needs createSurface and a ' +
            'component with the id "root" (v0.8: beginRendering naming the root).',
        };
      }
      const result = `Displayed the surface ${drawn.join(', ')} to the user. Their actions on it arrive as their next message.`;
      await onDisplayed?.({ context, args, result });
      return { ok: true, output: result };
    },
  };
}
