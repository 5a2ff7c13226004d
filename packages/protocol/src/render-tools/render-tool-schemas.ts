import type { z } from 'zod';
import { renderChartArgsSchema } from './render-chart-schema.ts';
import { renderFormArgsSchema } from './render-form-schema.ts';
import { renderImageArgsSchema } from './render-image-schema.ts';
import { renderTableArgsSchema } from './render-table-schema.ts';

/**
 * The one schema per render tool, shared by the server (before parking, and as the model's input
 * schema) and the browser (at the render boundary). A `Map`, so a model-chosen name can never resolve
 * to an inherited member such as `constructor`.
 */
export const renderToolSchemas: ReadonlyMap<string, z.ZodType> = new Map<string, z.ZodType>([
  ['render_image', renderImageArgsSchema],
  ['render_form', renderFormArgsSchema],
  ['render_table', renderTableArgsSchema],
  ['render_chart', renderChartArgsSchema],
]);

/** A readable one-line reason for a failed parse, naming the field, for the model to correct itself. */
export function describeSchemaError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid arguments';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}
