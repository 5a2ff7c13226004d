import { z } from 'zod';

/**
 * Whose conversation a thread is, which decides where it shows and which agent answers in it:
 * - `chat`: the user's chats, in the chat list and its search, answered by the chat's agents;
 * - `dashboard`: the dashboard assistant's conversation, shown only in the dashboard's panel;
 * - `sample`: history `drawbridge sample-data` wrote for the dashboard's figures, shown as no conversation.
 */
export const threadKindSchema = z.enum(['chat', 'dashboard', 'sample']);

export type ThreadKind = z.infer<typeof threadKindSchema>;

/** The kinds a client may create and an agent answers in: a sample thread is only ever written by the loader. */
export const agentThreadKindSchema = threadKindSchema.exclude(['sample']);

export type AgentThreadKind = z.infer<typeof agentThreadKindSchema>;
