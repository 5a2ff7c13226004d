import { z } from 'zod';
import {
  a2uiAccessibilitySchema,
  a2uiActionSchema,
  a2uiCheckRuleSchema,
  a2uiChildListSchema,
  a2uiDataBindingSchema,
  a2uiDynamicBooleanSchema,
  a2uiDynamicNumberSchema,
  a2uiDynamicStringListSchema,
  a2uiDynamicStringSchema,
} from './a2ui-dynamic-schemas.ts';

/**
 * The components of A2UI v0.9's basic catalog (`catalogs/basic/catalog.json#/components`). Each is one flat
 * object: `id`, `component` (its name), the catalog's common `weight`, `accessibility`, and its own properties,
 * nothing else (the official schema's `unevaluatedProperties: false`). v0.8 components are normalized into
 * these shapes (`normalizeV08Component`), so a renderer knows one catalog.
 */

/** The icon names of the basic catalog. */
export const a2uiIconNames = [
  'accountCircle',
  'add',
  'arrowBack',
  'arrowForward',
  'attachFile',
  'calendarToday',
  'call',
  'camera',
  'check',
  'close',
  'delete',
  'download',
  'edit',
  'event',
  'error',
  'fastForward',
  'favorite',
  'favoriteOff',
  'folder',
  'help',
  'home',
  'info',
  'locationOn',
  'lock',
  'lockOpen',
  'mail',
  'menu',
  'moreVert',
  'moreHoriz',
  'notificationsOff',
  'notifications',
  'pause',
  'payment',
  'person',
  'phone',
  'photo',
  'play',
  'print',
  'refresh',
  'rewind',
  'search',
  'send',
  'settings',
  'share',
  'shoppingCart',
  'skipNext',
  'skipPrevious',
  'star',
  'starHalf',
  'starOff',
  'stop',
  'upload',
  'visibility',
  'visibilityOff',
  'volumeDown',
  'volumeMute',
  'volumeOff',
  'volumeUp',
  'warning',
] as const;

export type A2uiIconName = (typeof a2uiIconNames)[number];

const commonShape = {
  id: z.string(),
  accessibility: a2uiAccessibilitySchema.optional(),
  weight: z.number().optional(),
};

const checkableShape = { checks: z.array(a2uiCheckRuleSchema).optional() };

/** `format: date | time | date-time` on a literal (exactly one of them, as the schema's `oneOf` says). */
const dateOrTimeSchema = a2uiDynamicStringSchema.refine(
  (value) =>
    typeof value !== 'string' ||
    [z.iso.date(), z.iso.time(), z.iso.datetime({ offset: true, local: true })].filter(
      (format) => format.safeParse(value).success,
    ).length === 1,
  { message: 'must be an ISO 8601 date, time or date-time' },
);

const flexJustify = z.enum([
  'center',
  'end',
  'spaceAround',
  'spaceBetween',
  'spaceEvenly',
  'start',
  'stretch',
]);
const flexAlign = z.enum(['start', 'center', 'end', 'stretch']);

export const a2uiTextSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Text'),
  text: a2uiDynamicStringSchema,
  variant: z.enum(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body']).optional(),
});

export const a2uiImageSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Image'),
  url: a2uiDynamicStringSchema,
  description: a2uiDynamicStringSchema.optional(),
  fit: z.enum(['contain', 'cover', 'fill', 'none', 'scaleDown']).optional(),
  variant: z.enum(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header']).optional(),
});

export const a2uiIconSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Icon'),
  name: z.union([z.enum(a2uiIconNames), z.strictObject({ svgPath: z.string() }), a2uiDataBindingSchema]),
});

export const a2uiVideoSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Video'),
  url: a2uiDynamicStringSchema,
});

export const a2uiAudioPlayerSchema = z.strictObject({
  ...commonShape,
  component: z.literal('AudioPlayer'),
  url: a2uiDynamicStringSchema,
  description: a2uiDynamicStringSchema.optional(),
});

export const a2uiRowSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Row'),
  children: a2uiChildListSchema,
  justify: flexJustify.optional(),
  align: flexAlign.optional(),
});

export const a2uiColumnSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Column'),
  children: a2uiChildListSchema,
  justify: flexJustify.optional(),
  align: flexAlign.optional(),
});

export const a2uiListSchema = z.strictObject({
  ...commonShape,
  component: z.literal('List'),
  children: a2uiChildListSchema,
  direction: z.enum(['vertical', 'horizontal']).optional(),
  align: flexAlign.optional(),
});

export const a2uiCardSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Card'),
  child: z.string(),
});

export const a2uiTabsSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Tabs'),
  tabs: z.array(z.strictObject({ title: a2uiDynamicStringSchema, child: z.string() })).min(1),
});

export const a2uiModalSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Modal'),
  trigger: z.string(),
  content: z.string(),
});

export const a2uiDividerSchema = z.strictObject({
  ...commonShape,
  component: z.literal('Divider'),
  axis: z.enum(['horizontal', 'vertical']).optional(),
});

export const a2uiButtonSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('Button'),
  child: z.string(),
  variant: z.enum(['default', 'primary', 'borderless']).optional(),
  action: a2uiActionSchema,
});

export const a2uiTextFieldSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('TextField'),
  label: a2uiDynamicStringSchema,
  value: a2uiDynamicStringSchema.optional(),
  variant: z.enum(['longText', 'number', 'shortText', 'obscured']).optional(),
  validationRegexp: z.string().optional(),
});

export const a2uiCheckBoxSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('CheckBox'),
  label: a2uiDynamicStringSchema,
  value: a2uiDynamicBooleanSchema,
});

export const a2uiChoicePickerSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('ChoicePicker'),
  label: a2uiDynamicStringSchema.optional(),
  variant: z.enum(['multipleSelection', 'mutuallyExclusive']).optional(),
  options: z.array(z.strictObject({ label: a2uiDynamicStringSchema, value: z.string() })),
  value: a2uiDynamicStringListSchema,
  displayStyle: z.enum(['checkbox', 'chips']).optional(),
  filterable: z.boolean().optional(),
});

export const a2uiSliderSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('Slider'),
  label: a2uiDynamicStringSchema.optional(),
  min: z.number().optional(),
  max: z.number(),
  value: a2uiDynamicNumberSchema,
});

export const a2uiDateTimeInputSchema = z.strictObject({
  ...commonShape,
  ...checkableShape,
  component: z.literal('DateTimeInput'),
  value: a2uiDynamicStringSchema,
  enableDate: z.boolean().optional(),
  enableTime: z.boolean().optional(),
  min: dateOrTimeSchema.optional(),
  max: dateOrTimeSchema.optional(),
  label: a2uiDynamicStringSchema.optional(),
});

/** Any component of the basic catalog, told apart by `component`. */
export const a2uiComponentSchema = z.discriminatedUnion('component', [
  a2uiTextSchema,
  a2uiImageSchema,
  a2uiIconSchema,
  a2uiVideoSchema,
  a2uiAudioPlayerSchema,
  a2uiRowSchema,
  a2uiColumnSchema,
  a2uiListSchema,
  a2uiCardSchema,
  a2uiTabsSchema,
  a2uiModalSchema,
  a2uiDividerSchema,
  a2uiButtonSchema,
  a2uiTextFieldSchema,
  a2uiCheckBoxSchema,
  a2uiChoicePickerSchema,
  a2uiSliderSchema,
  a2uiDateTimeInputSchema,
]);

export type A2uiComponent = z.infer<typeof a2uiComponentSchema>;
export type A2uiComponentName = A2uiComponent['component'];
export type A2uiComponentOf<Name extends A2uiComponentName> = Extract<A2uiComponent, { component: Name }>;

/** The component names of the basic catalog, in the catalog's order. */
export const a2uiComponentNames: readonly A2uiComponentName[] = a2uiComponentSchema.options.map(
  (option) => option.shape.component.value,
);
