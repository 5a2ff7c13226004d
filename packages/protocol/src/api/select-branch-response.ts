import { z } from 'zod';
import { storedMessageSchema } from './stored-message.ts';

/** `POST /api/threads/:threadId/branch` → the messages of the branch the thread now shows, with their versions. */
export const selectBranchResponseSchema = z.object({ messages: z.array(storedMessageSchema) });

export type SelectBranchResponse = z.infer<typeof selectBranchResponseSchema>;
