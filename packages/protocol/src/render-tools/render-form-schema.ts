import { z } from 'zod';

const fieldTypes = ['text', 'number', 'select', 'checkbox', 'date'] as const;

const optionSchema = z.strictObject({ value: z.string().min(1).max(200), label: z.string().min(1).max(200) });

const fieldSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a field name is an identifier (letters, digits, underscore)'),
    label: z.string().trim().min(1, 'every field needs a label').max(200),
    type: z.enum(fieldTypes),
    required: z.boolean().optional(),
    placeholder: z.string().max(200).optional(),
    help: z.string().max(300).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
    pattern: z.string().max(300).optional(),
    options: z.array(optionSchema).min(1).max(100).optional(),
    default: z.union([z.string().max(1000), z.number(), z.boolean()]).optional(),
  })
  .superRefine((field, context) => {
    const problem = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] });
    if (field.type === 'select' && !field.options) problem('a select field needs options', 'options');
    if (field.type !== 'select' && field.options) problem('only a select field takes options', 'options');
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      problem('min is greater than max', 'min');
    if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
      problem('minLength is greater than maxLength', 'minLength');
    }
    if (field.pattern !== undefined) {
      try {
        new RegExp(field.pattern, 'v');
      } catch {
        problem('pattern is not a valid regular expression', 'pattern');
      }
    }
  });

/** Arguments of `render_form`. */
export const renderFormArgsSchema = z
  .strictObject({
    title: z.string().trim().max(200).optional(),
    description: z.string().trim().max(1000).optional(),
    fields: z.array(fieldSchema).min(1, 'a form needs at least one field').max(40),
    submitLabel: z.string().trim().min(1).max(60).default('Submit'),
  })
  .superRefine((form, context) => {
    const seen = new Set<string>();
    form.fields.forEach((field, index) => {
      if (seen.has(field.name)) {
        context.addIssue({
          code: 'custom',
          message: `the field name "${field.name}" is used twice`,
          path: ['fields', index, 'name'],
        });
      }
      seen.add(field.name);
    });
  });

export type RenderFormArgs = z.infer<typeof renderFormArgsSchema>;
export type RenderFormField = RenderFormArgs['fields'][number];
