import type { Context } from 'hono';

/** A request body read as JSON; `empty` when there was none, so a route can treat that as `{}` or refuse it. */
export type JsonBodyRead = { status: 'parsed'; value: unknown } | { status: 'empty' } | { status: 'invalid' };

/** Reads the request body as JSON without throwing: malformed JSON is a value the route answers with a 400. */
export async function readJsonBody(context: Context): Promise<JsonBodyRead> {
  const text = await context.req.text();
  if (text.trim() === '') return { status: 'empty' };
  try {
    return { status: 'parsed', value: JSON.parse(text) };
  } catch {
    return { status: 'invalid' };
  }
}
