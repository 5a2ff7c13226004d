import type { z } from 'zod';
import { renderChartArgsSchema } from './render-chart-schema.ts';
import { renderFormArgsSchema } from './render-form-schema.ts';
import { renderImageArgsSchema } from './render-image-schema.ts';
import { renderTableArgsSchema } from './render-table-schema.ts';

/**
 * One tool the browser draws (a typed render tool, or a dashboard tool): everything the server, the browser,
 * the MCP server and the eval share about it.
 */
export interface RenderToolDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodObject> {
  name: Name;
  /** A short human title (the MCP tool's `title`). */
  title: string;
  /** What it shows, in the sentences the model reads when it cannot be shown ("the image"). */
  noun: string;
  /** What the model reads about the tool. */
  description: string;
  /** Its arguments: the model's input schema, checked by the server before parking and by the browser before drawing. */
  schema: Schema;
  /** The one line the model reads back once the browser drew it. */
  ack: string;
}

/** Declares a render tool, keeping its literal name and its schema's type for the renderers keyed by name. */
export function defineRenderTool<const Name extends string, Schema extends z.ZodType>(
  definition: RenderToolDefinition<Name, Schema>,
): RenderToolDefinition<Name, Schema> {
  return definition;
}

/**
 * The chat's typed render tools, declared once. The server's tool set, the browser's registry (which adds
 * the component per name), the MCP server's tools and the eval all read this list.
 */
export const renderToolDefinitions = [
  defineRenderTool({
    name: 'render_image',
    title: 'Show image',
    noun: 'image',
    description:
      'Show an image to the user in the chat. The url must be an absolute https: URL; alt text is required. Returns one sentence.',
    schema: renderImageArgsSchema,
    ack: 'Displayed the image to the user.',
  }),
  defineRenderTool({
    name: 'render_form',
    title: 'Show form',
    noun: 'form',
    description:
      "Show a form to the user (fields: text, number, select, checkbox, date; labels and validation rules). The user's answers arrive as their next message.",
    schema: renderFormArgsSchema,
    ack: "Displayed the form to the user; their answers will arrive as the user's next message.",
  }),
  defineRenderTool({
    name: 'render_table',
    title: 'Show table',
    noun: 'table',
    description:
      'Show rows of records as a sortable table. Columns have a key, a label and a type (string, number, date, boolean); each row maps column keys to values.',
    schema: renderTableArgsSchema,
    ack: 'Displayed the table to the user.',
  }),
  defineRenderTool({
    name: 'render_chart',
    title: 'Show chart',
    noun: 'chart',
    description:
      'Draw a line, bar, area or pie chart: labels for the x axis (or slices) and one or more named series of numbers, one value per label. A pie takes one series.',
    schema: renderChartArgsSchema,
    ack: 'Displayed the chart to the user.',
  }),
] as const;

export type RenderToolName = (typeof renderToolDefinitions)[number]['name'];

/** The arguments of the render tool `Name`, as its schema parses them. */
export type RenderToolArgs<Name extends RenderToolName> = z.infer<
  Extract<(typeof renderToolDefinitions)[number], { name: Name }>['schema']
>;

// A Map, so a model-chosen name can never resolve to an inherited member such as `constructor`.
const definitionByName = new Map<string, RenderToolDefinition>(
  renderToolDefinitions.map((definition) => [definition.name, definition]),
);

/** The render tool of this name; undefined for any other name. */
export function findRenderTool(name: string): RenderToolDefinition | undefined {
  return definitionByName.get(name);
}
