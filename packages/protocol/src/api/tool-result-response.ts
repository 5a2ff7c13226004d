import { z } from 'zod';

/** `POST /api/threads/:threadId/tool-results` → `200` once the parked call took the answer. */
export const toolResultResponseSchema = z.object({ accepted: z.literal(true) });

export type ToolResultResponse = z.infer<typeof toolResultResponseSchema>;
