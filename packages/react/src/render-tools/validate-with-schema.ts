import { describeSchemaError } from '@drawbridge/protocol';
import type { z } from 'zod';
import type { WidgetValidation } from './widget-definition.ts';

/** A widget's `validate` from the shared protocol schema, so browser and server refuse the same arguments. */
export function validateWithSchema<Schema extends z.ZodType>(
  schema: Schema,
): (args: unknown) => WidgetValidation<z.infer<Schema>> {
  return (args) => {
    const parsed = schema.safeParse(args);
    return parsed.success
      ? { ok: true, args: parsed.data }
      : { ok: false, reason: describeSchemaError(parsed.error) };
  };
}
