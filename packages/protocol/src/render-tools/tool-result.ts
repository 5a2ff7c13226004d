import { z } from 'zod';

/** What the browser says about one parked call: it drew the widget, or it refused and why. */
export const toolResultSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('rendered'), message: z.string().min(1).max(2000) }),
  z.strictObject({ status: z.literal('error'), message: z.string().min(1).max(2000) }),
]);

/** Body of `POST /api/threads/:id/tool-results`. */
export const toolResultBodySchema = z.strictObject({
  toolCallId: z.string().min(1).max(200),
  result: toolResultSchema,
});

export type ToolResult = z.infer<typeof toolResultSchema>;
export type ToolResultBody = z.infer<typeof toolResultBodySchema>;
