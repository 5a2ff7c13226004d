import { z } from 'zod';

/** Only absolute https URLs: a `javascript:`, `data:` or plain-http URL never reaches the browser. */
const httpsUrlSchema = z
  .string()
  .trim()
  .max(2048, 'the URL is longer than 2048 characters')
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
    message: 'must be an absolute https: URL',
  });

/** Arguments of `render_image`. */
export const renderImageArgsSchema = z.strictObject({
  url: httpsUrlSchema.describe('Absolute https: URL of the image.'),
  alt: z
    .string()
    .trim()
    .min(1, 'alt text is required')
    .max(500)
    .describe('What the image shows, for screen readers.'),
  caption: z.string().trim().max(500).optional().describe('A short caption shown under the image.'),
  width: z.number().int().min(16).max(4096).optional(),
  height: z.number().int().min(16).max(4096).optional(),
});

export type RenderImageArgs = z.infer<typeof renderImageArgsSchema>;
