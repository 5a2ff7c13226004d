import { z } from 'zod';
import { identifierPattern } from './identifier-pattern.ts';

/**
 * A read-only link its owner made (`POST /api/threads/:threadId/shares`), as listed: never its token, which is
 * shown once, when the link is made. `widgetId` names the one widget revision it shows; `null`, the whole chat.
 */
export const shareSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  widgetId: z.string().nullable(),
  /** The chat's title, or the widget's, when the link was made. */
  title: z.string(),
  createdAt: z.string(),
});

export type Share = z.infer<typeof shareSchema>;

/** `POST /api/threads/:threadId/shares` body: no `widgetId` shares the chat, one shares that widget revision. */
export const createShareBodySchema = z
  .object({
    widgetId: z.string().regex(identifierPattern).optional(),
  })
  .strict();

export type CreateShareBody = z.infer<typeof createShareBodySchema>;

/**
 * `POST /api/threads/:threadId/shares` → 201: the link and where its page is, `path` (`/share/<token>`, below
 * the server's mount). The token is only in this answer: the server keeps its digest.
 */
export const createShareResponseSchema = z.object({ share: shareSchema, path: z.string() });

export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

/** `GET /api/shares[?threadId=]`: the signed-in user's links (of that chat), newest first. */
export const shareListResponseSchema = z.object({ shares: z.array(shareSchema) });

export type ShareListResponse = z.infer<typeof shareListResponseSchema>;

/** Links one user may hold at once; each keeps a copy of what it shows. */
export const maximumSharesPerUser = 100;
