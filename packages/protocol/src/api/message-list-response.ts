import { z } from 'zod';
import { storedMessageSchema } from './stored-message.ts';

/** `GET /api/threads/:threadId/messages`: oldest first, with their widgets. */
export const messageListResponseSchema = z.object({ messages: z.array(storedMessageSchema) });

export type MessageListResponse = z.infer<typeof messageListResponseSchema>;
