import { z } from 'zod';
import { generatedWidgetSchema } from '../generated-widget.ts';
import { attachmentSchema } from './attachment.ts';
import { formAnswersSchema } from './form-answers.ts';
import { messageBranchSchema } from './message-branch.ts';
import { replyDetailsSchema } from './reply-details.ts';

/**
 * One transcript entry; `render` marks the carrier message of a typed render tool call, `formAnswers` a user
 * message sent from a typed form, `attachments` the files a user message carried.
 */
export const storedMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  createdAt: z.string(),
  widget: generatedWidgetSchema.optional(),
  toolCallId: z.string().optional(),
  render: z.object({ tool: z.string(), args: z.unknown() }).optional(),
  formAnswers: formAnswersSchema.optional(),
  /** On a user message: the files sent with it, in order (their bytes at `GET /api/attachments/:id`). */
  attachments: z.array(attachmentSchema).optional(),
  /** On the last stored message of a finished reply: its model and token counts. */
  reply: replyDetailsSchema.optional(),
  /**
   * On a user message or the first message of a reply that has other versions (an edit, a regenerated reply):
   * which of them the thread shows, oldest first. Absent when it has only the one.
   */
  branch: messageBranchSchema.optional(),
});

export type StoredMessage = z.infer<typeof storedMessageSchema>;
