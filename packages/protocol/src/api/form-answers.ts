import { z } from 'zod';

/**
 * The answers a user sent from a typed form (`render_form`), kept with the user message they became: which
 * call drew the form, and each field's value by name. Sent with the run (`forwardedProps.drawbridge.formAnswers`)
 * and stored, so a reloaded thread draws that form as sent, with these answers, and it cannot be sent again.
 */
export const formAnswersSchema = z.object({
  toolCallId: z.string().min(1).max(200),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export type FormAnswers = z.infer<typeof formAnswersSchema>;
