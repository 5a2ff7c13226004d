import { z } from 'zod';

/** An API token as listed: never its secret, which is shown once, when it is created. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
});

export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api/tokens` body. */
export const createApiTokenBodySchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

/** `POST /api/tokens` → 201: the token and its secret, for `Authorization: Bearer <secret>`. */
export const createApiTokenResponseSchema = z.object({ token: apiTokenSchema, secret: z.string() });

export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;

/** `GET /api/tokens`: the signed-in user's tokens, newest first. */
export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });

export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;
