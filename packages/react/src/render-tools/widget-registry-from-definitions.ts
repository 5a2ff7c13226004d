import type { RenderToolDefinition } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { validateWithSchema } from './validate-with-schema.ts';
import { defineWidget, type WidgetRegistry, type WidgetRenderProps } from './widget-definition.ts';

/** The component for each render tool of `Definitions`, by name, given that tool's validated arguments. */
export type WidgetRenderers<Definitions extends readonly RenderToolDefinition[]> = {
  [Name in Definitions[number]['name']]: (
    args: z.infer<Extract<Definitions[number], { name: Name }>['schema']>,
    props: WidgetRenderProps,
  ) => ReactNode;
};

/**
 * A registry of typed render tools from their shared definitions (`defineRenderTool` of `@drawbridge/protocol`:
 * the schema the server checked, the acknowledgement) and a component each. A team extends ours with its own:
 * `new Map([...chatRegistry, ...widgetRegistryFrom([weatherCard], { render_weather: … })])`.
 */
export function widgetRegistryFrom<const Definitions extends readonly RenderToolDefinition[]>(
  definitions: Definitions,
  renderers: WidgetRenderers<Definitions>,
): WidgetRegistry {
  const byName = renderers as Record<string, (args: unknown, props: WidgetRenderProps) => ReactNode>;
  return new Map(
    definitions.map((definition) => [
      definition.name,
      defineWidget({
        validate: validateWithSchema(definition.schema),
        render: byName[definition.name]!,
        ack: definition.ack,
      }),
    ]),
  );
}
