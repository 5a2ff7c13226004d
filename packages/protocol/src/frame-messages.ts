import { z } from 'zod';
import {
  type FrameMessageField,
  type FrameMessageTable,
  type FrameToHostMessage,
  frameToHostMessageTable,
  type HostToFrameMessage,
  hostToFrameMessageTable,
} from './frame-message-table.ts';

export {
  type FrameErrorSource,
  type FrameTheme,
  type FrameToHostMessage,
  type HostToFrameMessage,
  isHostToFrameMessage,
} from './frame-message-table.ts';

function fieldSchema(field: FrameMessageField): z.ZodType {
  const schema = requiredFieldSchema(field);
  return field.optional === true ? schema.optional() : schema;
}

function requiredFieldSchema(field: FrameMessageField): z.ZodType {
  switch (field.kind) {
    case 'string':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'true':
      return z.literal(true);
    case 'number':
      return z.number();
    case 'integer':
      return field.minimum === undefined ? z.int() : z.int().min(field.minimum);
    case 'one-of':
      return z.enum(field.values as [string, ...string[]]);
  }
}

/** The zod schema of a table of `frame-message-table.ts`: a union discriminated by `tag`. */
function frameMessageSchema(table: FrameMessageTable, tag: string) {
  const options = Object.entries(table).map(([name, fields]) =>
    z.object({
      drawbridge: z.literal(1),
      [tag]: z.literal(name),
      ...Object.fromEntries(
        Object.entries(fields).map(([field, description]) => [field, fieldSchema(description)]),
      ),
    }),
  );
  return z.discriminatedUnion(tag, options as [(typeof options)[number], ...typeof options]);
}

/** Every message the host posts into a widget frame (`hostToFrameMessageTable`). */
export const hostToFrameMessageSchema = frameMessageSchema(
  hostToFrameMessageTable,
  'op',
) as unknown as z.ZodType<HostToFrameMessage>;

/** Every message a widget frame posts to its host (`frameToHostMessageTable`); the host validates with it. */
export const frameToHostMessageSchema = frameMessageSchema(
  frameToHostMessageTable,
  'kind',
) as unknown as z.ZodType<FrameToHostMessage>;
