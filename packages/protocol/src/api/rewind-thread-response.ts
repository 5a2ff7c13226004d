import { z } from 'zod';
import { storedMessageSchema } from './stored-message.ts';

/**
 * `POST /api/threads/:threadId/rewind` → the branch the thread now shows, ending with the user message of the
 * turn (the new version of it, for an edit), and that message's text: the text to send as the next run's user message.
 */
export const rewindThreadResponseSchema = z.object({
  text: z.string(),
  messages: z.array(storedMessageSchema),
});

export type RewindThreadResponse = z.infer<typeof rewindThreadResponseSchema>;
