import { generatedWidgetSchema } from '@drawbridge/protocol';
import { z } from 'zod';

/** `GET /api/health` — which model answers, and how to connect a real one. */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  model: z.object({ id: z.string(), demo: z.boolean(), hint: z.string().optional().default('') }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListResponseSchema = z.object({ threads: z.array(threadSummarySchema) });
export const createThreadResponseSchema = z.object({ thread: threadSummarySchema });

export const storedMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  createdAt: z.string(),
  widget: generatedWidgetSchema.optional(),
  toolCallId: z.string().optional(),
  render: z.object({ tool: z.string(), args: z.unknown() }).optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

export const messageListResponseSchema = z.object({ messages: z.array(storedMessageSchema) });

/** Every 4xx/5xx from our server carries this body. */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
