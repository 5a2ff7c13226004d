import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { apiUrl } from './api-url.ts';

/**
 * Fetches one of our JSON endpoints and parses the answer with its schema from `@drawbridge/protocol`, the
 * same one the server's route tests hold the route to. A refusal or an unexpected body rejects with `ApiError`.
 */
export async function requestJson<Schema extends z.ZodType>({
  baseUrl,
  path,
  schema,
  init,
}: {
  /** Where the server is mounted (`ServerLocation`); default the page's origin root. */
  baseUrl?: string | undefined;
  path: string;
  schema: Schema;
  init?: RequestInit;
}): Promise<z.infer<Schema>> {
  const response = await fetch(apiUrl(baseUrl, path), {
    ...init,
    headers: { Accept: 'application/json', ...init?.headers },
  });
  if (!response.ok) {
    throw await ApiError.fromResponse(response);
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError({
      code: 'unexpected_response',
      message: `The server sent an unexpected answer for ${path}.`,
      status: response.status,
    });
  }
  return parsed.data;
}
