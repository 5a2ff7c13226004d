import { z } from 'zod';

/**
 * The body of every 4xx/5xx our server sends: a stable snake_case `code` for programs, a `message` for
 * people. The code is a plain string here so a browser still reads an error from a newer server.
 */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The error body narrowed to the codes one route may answer with; the routes' tests parse with it. */
export function errorResponseSchemaFor<const Code extends string>(codes: readonly [Code, ...Code[]]) {
  return z.object({ error: z.object({ code: z.enum(codes), message: z.string().min(1) }) });
}
