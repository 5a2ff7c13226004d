import { z } from 'zod';

/** Which model wrote a reply and what it cost, stored with the reply's last message when its run ends. */
export const replyDetailsSchema = z.object({
  model: z.string(),
  /** As the provider reported them for the whole run; `null` when it reported none. */
  inputTokens: z.number().int().nonnegative().nullable(),
  /** The part of `inputTokens` read from the provider's prompt cache; absent when it reported none. */
  cachedInputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().nullable(),
});

export type ReplyDetails = z.infer<typeof replyDetailsSchema>;
