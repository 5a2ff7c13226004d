import { z } from 'zod';
import type { A2uiSurface, A2uiSurfaces } from './a2ui-surface.ts';
import { applyA2uiMessage } from './apply-a2ui-message.ts';
import { type A2uiProblem, parseA2uiMessage } from './parse-a2ui-message.ts';

/** The AG-UI activity type A2UI surfaces travel as (`@ag-ui/a2ui-middleware`, CopilotKit). */
export const a2uiActivityType = 'a2ui-surface';

/** Where an `a2ui-surface` activity holds its messages since `@ag-ui/a2ui-middleware` 0.0.3. */
export const a2uiOperationsKey = 'a2ui_operations';

/**
 * The content of an `a2ui-surface` activity, open by key as AG-UI activity content is. Its A2UI messages are
 * in `a2ui_operations` (the middleware from 0.0.3 on, CopilotKit's renderer) or `operations` (middleware 0.0.2,
 * which wrote v0.8); before a surface is painted the middleware sends its generation lifecycle instead:
 * `status` `building` (with `progressTokens`), `retrying` (`attempt` of `maxAttempts`, `errors`) or `failed`
 * (`error`). Each message is validated on its own (`foldA2uiActivity`), so one bad message names itself.
 */
export const a2uiActivityContentSchema = z.looseObject({
  [a2uiOperationsKey]: z.array(z.unknown()).optional(),
  operations: z.array(z.unknown()).optional(),
  status: z.string().optional(),
  progressTokens: z.number().optional(),
  attempt: z.number().optional(),
  maxAttempts: z.number().optional(),
  error: z.string().optional(),
});

export type A2uiActivityContent = z.infer<typeof a2uiActivityContentSchema>;

/** The A2UI messages an activity's content holds, in order (none for a lifecycle-only snapshot). */
export function a2uiMessagesOf(content: unknown): unknown[] {
  if (typeof content !== 'object' || content === null) return [];
  const record = content as Record<string, unknown>;
  const messages = record[a2uiOperationsKey] ?? record.operations;
  return Array.isArray(messages) ? messages : [];
}

/** Why an activity's messages cannot be drawn: which message (from 0), and its problem. */
export interface A2uiActivityProblem extends A2uiProblem {
  messageIndex: number;
}

/** What an activity draws: its surfaces in the order they were created, or the first problem and nothing. */
export type A2uiActivityFold =
  | { success: true; surfaces: A2uiSurface[]; messageCount: number }
  | { success: false; problem: A2uiActivityProblem; messageCount: number };

/**
 * Validates and applies an activity's messages in order, starting from `surfaces` (none by default). The first
 * invalid or inapplicable message stops the fold: the activity draws nothing and shows that problem, because a
 * surface built from the messages before it would be one the agent never meant.
 */
export function foldA2uiActivity(content: unknown, surfaces: A2uiSurfaces = new Map()): A2uiActivityFold {
  const messages = a2uiMessagesOf(content);
  let current = surfaces;
  for (const [messageIndex, value] of messages.entries()) {
    const parsed = parseA2uiMessage(value);
    const applied = parsed.success ? applyA2uiMessage(current, parsed.message) : parsed;
    if (!applied.success) {
      return { success: false, problem: { ...applied.problem, messageIndex }, messageCount: messages.length };
    }
    current = applied.surfaces;
  }
  return { success: true, surfaces: [...current.values()], messageCount: messages.length };
}

/** One line for a problem, naming the message it is in: "message 2: updateComponents.components[0] …". */
export function describeA2uiActivityProblem(problem: A2uiActivityProblem): string {
  return `message ${problem.messageIndex + 1}: ${problem.message}`;
}
