import { z } from 'zod';
import { threadSummarySchema } from './thread-summary.ts';

/** The longest query `GET /api/threads/search` accepts, in characters. */
export const maximumThreadSearchQueryLength = 200;

/** One chat that matches a search: where it matched, and the words around the match in a message. */
export const threadSearchResultSchema = z.object({
  thread: threadSummarySchema,
  /** A message's text around the first match, one line; `null` when only the title matched. */
  snippet: z.string().nullable(),
});

/** `GET /api/threads/search?q=` → matching chats, newest updated first. */
export const threadSearchResponseSchema = z.object({ results: z.array(threadSearchResultSchema) });

export type ThreadSearchResult = z.infer<typeof threadSearchResultSchema>;
export type ThreadSearchResponse = z.infer<typeof threadSearchResponseSchema>;
