import { expect } from 'vitest';
import { z } from 'zod';

/**
 * Reads a JSON response and checks it against the route's schema in protocol, the one the browser parses
 * with: it must parse, and parsing must keep every field, so the schema describes the whole payload.
 */
export async function readJsonResponse<Schema extends z.ZodType>(
  response: Response,
  schema: Schema,
): Promise<z.infer<Schema>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`The response does not match its schema:\n${z.prettifyError(parsed.error)}`);
  }
  expect(parsed.data, 'fields the schema does not declare').toEqual(body);
  return parsed.data;
}
