import { z } from 'zod';

/**
 * A2UI v0.9's common types (`common_types.json`) and the basic catalog's functions (`catalog.json#/functions`),
 * as zod schemas that accept exactly what the official JSON Schemas accept (`a2ui-schemas.test.ts` holds them
 * side by side on the official examples and on mutations of them). They are one file because they refer to each
 * other: a dynamic value may be a function call, and a function's arguments are dynamic values.
 */

/** `{ path }`: a JSON Pointer into the surface's data model, absolute (`/a/b`) or relative to a template item. */
export interface A2uiDataBinding {
  path: string;
}

export const a2uiFunctionNames = [
  'required',
  'regex',
  'length',
  'numeric',
  'email',
  'formatString',
  'formatNumber',
  'formatCurrency',
  'formatDate',
  'pluralize',
  'openUrl',
  'and',
  'or',
  'not',
  'capitalize',
] as const;

/**
 * A function of the official v0.9 catalogs: the basic catalog's, and `capitalize`, the one function of the
 * minimal catalog (`catalogs/minimal/catalog.json`), whose examples use it.
 */
export type A2uiFunctionName = (typeof a2uiFunctionNames)[number];

/** A call of one of the basic catalog's client-side functions, its arguments checked against that function. */
export interface A2uiFunctionCall {
  call: A2uiFunctionName;
  args: Record<string, unknown>;
  returnType?: string;
}

export type A2uiDynamicValue = string | number | boolean | unknown[] | A2uiDataBinding | A2uiFunctionCall;
export type A2uiDynamicString = string | A2uiDataBinding | A2uiFunctionCall;
export type A2uiDynamicNumber = number | A2uiDataBinding | A2uiFunctionCall;
export type A2uiDynamicBoolean = boolean | A2uiDataBinding | A2uiFunctionCall;
export type A2uiDynamicStringList = string[] | A2uiDataBinding | A2uiFunctionCall;

export const a2uiDataBindingSchema: z.ZodType<A2uiDataBinding> = z.strictObject({ path: z.string() });

const functionCallSchema: z.ZodType<A2uiFunctionCall> = z.lazy(() => catalogFunctionCallSchema);

/** A function call that may stand where a value of `returnType` is expected (absent: any function). */
function functionCallReturning(returnType: string): z.ZodType<A2uiFunctionCall> {
  return functionCallSchema.refine(
    (call) => call.returnType === undefined || call.returnType === returnType,
    {
      message: `must return ${returnType}`,
      path: ['returnType'],
    },
  );
}

export const a2uiDynamicValueSchema: z.ZodType<A2uiDynamicValue> = z.union(
  [z.string(), z.number(), z.boolean(), z.array(z.unknown()), a2uiDataBindingSchema, functionCallSchema],
  { error: 'must be a literal, a { "path": … } binding or a function call' },
);

export const a2uiDynamicStringSchema: z.ZodType<A2uiDynamicString> = z.union(
  [z.string(), a2uiDataBindingSchema, functionCallReturning('string')],
  { error: 'must be a string, a { "path": … } binding or a function call' },
);

export const a2uiDynamicNumberSchema: z.ZodType<A2uiDynamicNumber> = z.union(
  [z.number(), a2uiDataBindingSchema, functionCallReturning('number')],
  { error: 'must be a number, a { "path": … } binding or a function call' },
);

export const a2uiDynamicBooleanSchema: z.ZodType<A2uiDynamicBoolean> = z.union(
  [z.boolean(), a2uiDataBindingSchema, functionCallReturning('boolean')],
  { error: 'must be true or false, a { "path": … } binding or a function call' },
);

export const a2uiDynamicStringListSchema: z.ZodType<A2uiDynamicStringList> = z.union(
  [z.array(z.string()), a2uiDataBindingSchema, functionCallReturning('array')],
  { error: 'must be a list of strings, a { "path": … } binding or a function call' },
);

/** `length` and `numeric` need at least one bound (the schema's `anyOf: [{required: [min]}, {required: [max]}]`). */
function withABound<Shape extends { min?: unknown; max?: unknown }>(schema: z.ZodType<Shape>) {
  return schema.refine((args) => args.min !== undefined || args.max !== undefined, {
    message: 'needs "min" or "max"',
  });
}

/** JSON Schema's `format: uri`: a scheme, a colon, and no blanks. */
const uriSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/, 'must be a URI');

function catalogFunction<Name extends A2uiFunctionName>(
  name: Name,
  returnType: 'boolean' | 'string' | 'void',
  args: z.ZodType<Record<string, unknown>>,
) {
  return z.strictObject({ call: z.literal(name), args, returnType: z.literal(returnType).optional() });
}

const catalogFunctionCallSchema: z.ZodType<A2uiFunctionCall> = z.discriminatedUnion(
  'call',
  [
    catalogFunction('required', 'boolean', z.strictObject({ value: z.unknown() })),
    catalogFunction(
      'regex',
      'boolean',
      z.strictObject({ value: a2uiDynamicStringSchema, pattern: z.string() }),
    ),
    catalogFunction(
      'length',
      'boolean',
      withABound(
        z.strictObject({
          value: a2uiDynamicStringSchema,
          min: z.int().min(0).optional(),
          max: z.int().min(0).optional(),
        }),
      ),
    ),
    catalogFunction(
      'numeric',
      'boolean',
      withABound(
        z.strictObject({
          value: a2uiDynamicNumberSchema,
          min: z.number().optional(),
          max: z.number().optional(),
        }),
      ),
    ),
    catalogFunction('email', 'boolean', z.strictObject({ value: a2uiDynamicStringSchema })),
    catalogFunction('formatString', 'string', z.strictObject({ value: a2uiDynamicStringSchema })),
    catalogFunction(
      'formatNumber',
      'string',
      z.strictObject({
        value: a2uiDynamicNumberSchema,
        decimals: a2uiDynamicNumberSchema.optional(),
        grouping: a2uiDynamicBooleanSchema.optional(),
      }),
    ),
    catalogFunction(
      'formatCurrency',
      'string',
      z.strictObject({
        value: a2uiDynamicNumberSchema,
        currency: a2uiDynamicStringSchema,
        decimals: a2uiDynamicNumberSchema.optional(),
        grouping: a2uiDynamicBooleanSchema.optional(),
      }),
    ),
    catalogFunction(
      'formatDate',
      'string',
      z.strictObject({ value: a2uiDynamicValueSchema, format: a2uiDynamicStringSchema }),
    ),
    catalogFunction(
      'pluralize',
      'string',
      z.strictObject({
        value: a2uiDynamicNumberSchema,
        zero: a2uiDynamicStringSchema.optional(),
        one: a2uiDynamicStringSchema.optional(),
        two: a2uiDynamicStringSchema.optional(),
        few: a2uiDynamicStringSchema.optional(),
        many: a2uiDynamicStringSchema.optional(),
        other: a2uiDynamicStringSchema,
      }),
    ),
    catalogFunction('openUrl', 'void', z.strictObject({ url: uriSchema })),
    catalogFunction('and', 'boolean', z.strictObject({ values: z.array(a2uiDynamicBooleanSchema).min(2) })),
    catalogFunction('or', 'boolean', z.strictObject({ values: z.array(a2uiDynamicBooleanSchema).min(2) })),
    catalogFunction('not', 'boolean', z.strictObject({ value: a2uiDynamicBooleanSchema })),
    catalogFunction('capitalize', 'string', z.strictObject({ value: a2uiDynamicStringSchema })),
  ],
  { error: `unknown function (the catalog has ${a2uiFunctionNames.join(', ')})` },
) as z.ZodType<A2uiFunctionCall>;

export const a2uiFunctionCallSchema = functionCallSchema;

/** Children by id, or a template repeated for each item of the list at `path`. */
export type A2uiChildList = string[] | { componentId: string; path: string };

export const a2uiChildListSchema: z.ZodType<A2uiChildList> = z.union(
  [z.array(z.string()), z.strictObject({ componentId: z.string(), path: z.string() })],
  { error: 'must be a list of component ids or { "componentId": …, "path": … }' },
);

/** What a Button does: send an event to the agent, or run a client-side function (`openUrl`). */
export type A2uiAction =
  | { event: { name: string; context?: Record<string, A2uiDynamicValue> } }
  | { functionCall: A2uiFunctionCall };

export const a2uiActionSchema: z.ZodType<A2uiAction> = z.union([
  z.strictObject({
    event: z.strictObject({
      name: z.string(),
      context: z.record(z.string(), a2uiDynamicValueSchema).optional(),
    }),
  }),
  z.strictObject({ functionCall: functionCallSchema }),
]);

/** A validation rule of an input: the `message` shows while `condition` is false. */
export interface A2uiCheckRule {
  condition: A2uiDynamicBoolean;
  message: string;
}

export const a2uiCheckRuleSchema: z.ZodType<A2uiCheckRule> = z.strictObject({
  condition: a2uiDynamicBooleanSchema,
  message: z.string(),
});

/** Accessibility text a component may carry (an open object in the official schema). */
export interface A2uiAccessibility {
  label?: A2uiDynamicString;
  description?: A2uiDynamicString;
}

export const a2uiAccessibilitySchema: z.ZodType<A2uiAccessibility> = z.looseObject({
  label: a2uiDynamicStringSchema.optional(),
  description: a2uiDynamicStringSchema.optional(),
});
