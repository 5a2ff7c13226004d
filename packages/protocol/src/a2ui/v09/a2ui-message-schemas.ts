import { z } from 'zod';
import { a2uiComponentSchema } from './a2ui-component-schemas.ts';

/**
 * The four server-to-client messages of A2UI v0.9 (`server_to_client.json`), each `{ version: "v0.9", <one
 * operation> }`, with the basic catalog's theme. One schema per message: a parser picks it by the operation's
 * key (`parseA2uiMessage`), so an error names the field of that message instead of four alternatives.
 */

/** The basic catalog's theme (an open object: a catalog may add parameters). */
export const a2uiThemeSchema = z.looseObject({
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #00BFFF')
    .optional(),
  iconUrl: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/, 'must be a URI')
    .optional(),
  agentDisplayName: z.string().optional(),
});

export type A2uiTheme = z.infer<typeof a2uiThemeSchema>;

const version = z.literal('v0.9');

export const a2uiCreateSurfaceSchema = z.strictObject({
  version,
  createSurface: z.strictObject({
    surfaceId: z.string(),
    catalogId: z.string(),
    theme: a2uiThemeSchema.optional(),
    sendDataModel: z.boolean().optional(),
  }),
});

export const a2uiUpdateComponentsSchema = z.strictObject({
  version,
  updateComponents: z.strictObject({
    surfaceId: z.string(),
    components: z.array(a2uiComponentSchema).min(1),
  }),
});

export const a2uiUpdateDataModelSchema = z.strictObject({
  version,
  updateDataModel: z.strictObject({
    surfaceId: z.string(),
    path: z.string().optional(),
    value: z.unknown().optional(),
  }),
});

export const a2uiDeleteSurfaceSchema = z.strictObject({
  version,
  deleteSurface: z.strictObject({ surfaceId: z.string() }),
});

/** The v0.9 message schemas by the key that names their operation. */
export const a2uiV09MessageSchemas = {
  createSurface: a2uiCreateSurfaceSchema,
  updateComponents: a2uiUpdateComponentsSchema,
  updateDataModel: a2uiUpdateDataModelSchema,
  deleteSurface: a2uiDeleteSurfaceSchema,
} as const;

export type A2uiV09Operation = keyof typeof a2uiV09MessageSchemas;

export type A2uiV09Message = z.infer<(typeof a2uiV09MessageSchemas)[A2uiV09Operation]>;
