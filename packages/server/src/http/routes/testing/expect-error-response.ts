import { errorResponseSchemaFor } from '@drawbridge/protocol';
import { expect } from 'vitest';
import { readJsonResponse } from './read-json-response.ts';

/**
 * Asserts a refusal: the status, the `{ error: { code, message } }` body with a code from the route's
 * declared list (`codes`), and the expected code. Resolves to the message.
 */
export async function expectErrorResponse<const Code extends string>({
  response,
  status,
  codes,
  code,
}: {
  response: Response;
  status: number;
  codes: readonly [Code, ...Code[]];
  code: NoInfer<Code>;
}): Promise<string> {
  expect(response.status).toBe(status);
  const body = await readJsonResponse(response, errorResponseSchemaFor(codes));
  expect(body.error.code).toBe(code);
  return body.error.message;
}
