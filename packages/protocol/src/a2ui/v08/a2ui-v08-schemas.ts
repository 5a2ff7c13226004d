import { z } from 'zod';
import { a2uiIconNames } from '../v09/a2ui-component-schemas.ts';

/**
 * A2UI v0.8 as `@ag-ui/a2ui-middleware` 0.0.2 and the v0.8 specification write it
 * (`server_to_client_with_standard_catalog.json`): `surfaceUpdate`, `dataModelUpdate`, `beginRendering`,
 * `deleteSurface`; components wrapped by type (`{ "Text": { … } }`), values bound as `{ literalString | path }`,
 * data as typed key/value lists. Every object is closed, as the official schema's `additionalProperties: false`.
 * Three rules the specification's prose states and its JSON Schema does not are enforced too: a component names
 * exactly one type, a bound value has a literal or a path, and `children` has exactly one of `explicitList` and
 * `template`.
 */

function boundValue<Literal extends string, Value extends z.ZodType>(literalKey: Literal, literal: Value) {
  return z
    .strictObject({ path: z.string().optional(), [literalKey]: literal.optional() } as {
      path: z.ZodOptional<z.ZodString>;
    } & Record<Literal, z.ZodOptional<Value>>)
    .refine((bound) => Object.keys(bound).length > 0, { message: `needs "${literalKey}" or "path"` });
}

export const v08BoundStringSchema = boundValue('literalString', z.string());
export const v08BoundNumberSchema = boundValue('literalNumber', z.number());
export const v08BoundBooleanSchema = boundValue('literalBoolean', z.boolean());
export const v08BoundStringListSchema = boundValue('literalArray', z.array(z.string()));

export type V08BoundValue = {
  path?: string;
  literalString?: string;
  literalNumber?: number;
  literalBoolean?: boolean;
  literalArray?: string[];
};

/** v0.8's icon names: v0.9's without the media controls v0.9 added. */
const v09OnlyIcons = new Set([
  'fastForward',
  'pause',
  'play',
  'rewind',
  'skipNext',
  'skipPrevious',
  'stop',
  'volumeDown',
  'volumeMute',
  'volumeOff',
  'volumeUp',
]);
export const v08IconNames = a2uiIconNames.filter((name) => !v09OnlyIcons.has(name)) as [string, ...string[]];

const v08ChildrenSchema = z
  .strictObject({
    explicitList: z.array(z.string()).optional(),
    template: z.strictObject({ componentId: z.string(), dataBinding: z.string() }).optional(),
  })
  .refine((children) => (children.explicitList === undefined) !== (children.template === undefined), {
    message: 'needs exactly one of "explicitList" and "template"',
  });

const distribution = z.enum(['center', 'end', 'spaceAround', 'spaceBetween', 'spaceEvenly', 'start']);
const alignment = z.enum(['start', 'center', 'end', 'stretch']);

const v08ActionSchema = z.strictObject({
  name: z.string(),
  context: z
    .array(
      z.strictObject({
        key: z.string(),
        value: z.strictObject({
          path: z.string().optional(),
          literalString: z.string().optional(),
          literalNumber: z.number().optional(),
          literalBoolean: z.boolean().optional(),
        }),
      }),
    )
    .optional(),
});

/** Each component type's properties, by type name. */
export const v08ComponentPropertySchemas = {
  Text: z.strictObject({
    text: v08BoundStringSchema,
    usageHint: z.enum(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body']).optional(),
  }),
  Image: z.strictObject({
    url: v08BoundStringSchema,
    altText: v08BoundStringSchema.optional(),
    fit: z.enum(['contain', 'cover', 'fill', 'none', 'scale-down']).optional(),
    usageHint: z
      .enum(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'])
      .optional(),
  }),
  Icon: z.strictObject({ name: boundValue('literalString', z.enum(v08IconNames)) }),
  Video: z.strictObject({ url: v08BoundStringSchema }),
  AudioPlayer: z.strictObject({ url: v08BoundStringSchema, description: v08BoundStringSchema.optional() }),
  Row: z.strictObject({
    children: v08ChildrenSchema,
    distribution: distribution.optional(),
    alignment: alignment.optional(),
  }),
  Column: z.strictObject({
    children: v08ChildrenSchema,
    distribution: distribution.optional(),
    alignment: alignment.optional(),
  }),
  List: z.strictObject({
    children: v08ChildrenSchema,
    direction: z.enum(['vertical', 'horizontal']).optional(),
    alignment: alignment.optional(),
  }),
  Card: z.strictObject({ child: z.string() }),
  Tabs: z.strictObject({
    tabItems: z.array(z.strictObject({ title: v08BoundStringSchema, child: z.string() })),
  }),
  Divider: z.strictObject({ axis: z.enum(['horizontal', 'vertical']).optional() }),
  Modal: z.strictObject({ entryPointChild: z.string(), contentChild: z.string() }),
  Button: z.strictObject({ child: z.string(), primary: z.boolean().optional(), action: v08ActionSchema }),
  CheckBox: z.strictObject({ label: v08BoundStringSchema, value: v08BoundBooleanSchema }),
  TextField: z.strictObject({
    label: v08BoundStringSchema,
    text: v08BoundStringSchema.optional(),
    textFieldType: z.enum(['date', 'longText', 'number', 'shortText', 'obscured']).optional(),
    validationRegexp: z.string().optional(),
  }),
  DateTimeInput: z.strictObject({
    value: v08BoundStringSchema,
    enableDate: z.boolean().optional(),
    enableTime: z.boolean().optional(),
  }),
  MultipleChoice: z.strictObject({
    selections: v08BoundStringListSchema,
    options: z.array(z.strictObject({ label: v08BoundStringSchema, value: z.string() })),
    maxAllowedSelections: z.int().optional(),
  }),
  Slider: z.strictObject({
    label: v08BoundStringSchema.optional(),
    value: v08BoundNumberSchema,
    minValue: z.number().optional(),
    maxValue: z.number().optional(),
  }),
} as const;

export type V08ComponentType = keyof typeof v08ComponentPropertySchemas;

export type V08ComponentProperties<Type extends V08ComponentType> = z.infer<
  (typeof v08ComponentPropertySchemas)[Type]
>;

/** A map, not the object: a type named "constructor" must not resolve to a prototype member. */
const propertySchemaByType = new Map<string, z.ZodType>(Object.entries(v08ComponentPropertySchemas));

/** `{ "Text": { … } }`: exactly one known type, its properties checked by that type's schema. */
const v08ComponentWrapperSchema = z.record(z.string(), z.unknown()).transform((wrapper, context) => {
  const types = Object.keys(wrapper);
  if (types.length !== 1) {
    context.addIssue({
      code: 'custom',
      message: `must name exactly one component type, not ${types.length}`,
    });
    return z.NEVER;
  }
  const type = types[0]!;
  const schema = propertySchemaByType.get(type);
  if (schema === undefined) {
    context.addIssue({
      code: 'custom',
      path: [type],
      message: `unknown component "${type}" (the standard catalog has ${[...propertySchemaByType.keys()].join(', ')})`,
    });
    return z.NEVER;
  }
  const properties = schema.safeParse(wrapper[type]);
  if (!properties.success) {
    for (const issue of properties.error.issues) {
      context.addIssue({ ...issue, path: [type, ...issue.path] } as z.core.$ZodRawIssue);
    }
    return z.NEVER;
  }
  return { [type]: properties.data } as { [Type in V08ComponentType]: V08ComponentProperties<Type> };
});

export const v08ComponentSchema = z.strictObject({
  id: z.string(),
  weight: z.number().optional(),
  component: v08ComponentWrapperSchema,
});

export type V08Component = z.infer<typeof v08ComponentSchema>;

/** One entry of a v0.8 data list: a key and exactly one typed value (`valueMap` nests one level). */
const v08DataEntrySchema = z.strictObject({
  key: z.string(),
  valueString: z.string().optional(),
  valueNumber: z.number().optional(),
  valueBoolean: z.boolean().optional(),
  valueMap: z
    .array(
      z.strictObject({
        key: z.string(),
        valueString: z.string().optional(),
        valueNumber: z.number().optional(),
        valueBoolean: z.boolean().optional(),
      }),
    )
    .optional(),
});

export type V08DataEntry = z.infer<typeof v08DataEntrySchema>;

export const v08SurfaceUpdateSchema = z.strictObject({
  surfaceUpdate: z.strictObject({ surfaceId: z.string(), components: z.array(v08ComponentSchema).min(1) }),
});

export const v08DataModelUpdateSchema = z.strictObject({
  dataModelUpdate: z.strictObject({
    surfaceId: z.string(),
    path: z.string().optional(),
    contents: z.array(v08DataEntrySchema),
  }),
});

export const v08BeginRenderingSchema = z.strictObject({
  beginRendering: z.strictObject({
    surfaceId: z.string(),
    catalogId: z.string().optional(),
    root: z.string(),
    styles: z
      .strictObject({
        font: z.string().optional(),
        primaryColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #00BFFF')
          .optional(),
      })
      .optional(),
  }),
});

export const v08DeleteSurfaceSchema = z.strictObject({
  deleteSurface: z.strictObject({ surfaceId: z.string() }),
});

/** The v0.8 message schemas by the key that names their operation. */
export const a2uiV08MessageSchemas = {
  surfaceUpdate: v08SurfaceUpdateSchema,
  dataModelUpdate: v08DataModelUpdateSchema,
  beginRendering: v08BeginRenderingSchema,
  deleteSurface: v08DeleteSurfaceSchema,
} as const;

export type A2uiV08Operation = keyof typeof a2uiV08MessageSchemas;

export type A2uiV08Message = z.infer<(typeof a2uiV08MessageSchemas)[A2uiV08Operation]>;
