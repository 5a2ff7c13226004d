import { z } from 'zod';

/** A generated widget as it was streamed: the three channels plus whether `@@END@@` arrived. */
export const storedWidgetSchema = z.object({
  id: z.string(),
  height: z.number().nullable(),
  css: z.string(),
  html: z.string(),
  js: z.string(),
  complete: z.boolean(),
});

export type StoredWidget = z.infer<typeof storedWidgetSchema>;
