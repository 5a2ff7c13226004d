import { z } from 'zod';

/** One line of a suite file: a request to the model, optionally followed by further turns on the same thread. */
export const evalCaseSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, 'ids are 1–80 letters, digits, "-" or "_" (they name files)'),
  prompt: z.string().trim().min(1).max(8000),
  followUps: z.array(z.string().trim().min(1).max(8000)).max(10).optional(),
});

export type EvalCase = z.infer<typeof evalCaseSchema>;
