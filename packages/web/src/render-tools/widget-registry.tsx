import { type RenderToolArgs, type RenderToolName, renderToolDefinitions } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import { AgentChart } from './agent-chart.tsx';
import { AgentForm } from './agent-form.tsx';
import { AgentImage } from './agent-image.tsx';
import { AgentTable } from './agent-table.tsx';
import { validateWithSchema } from './validate-with-schema.ts';
import { defineWidget, type WidgetRegistry, type WidgetRenderProps } from './widget-definition.ts';

/** The component each render tool draws; the rest of a tool (schema, acknowledgement) is the protocol's. */
const renderers: {
  [Name in RenderToolName]: (args: RenderToolArgs<Name>, props: WidgetRenderProps) => ReactNode;
} = {
  render_image: (image) => <AgentImage image={image} />,
  render_form: (form, { onSubmitForm, sentAnswers }) => (
    <AgentForm form={form} onSubmitForm={onSubmitForm} sentAnswers={sentAnswers} />
  ),
  render_table: (table) => <AgentTable table={table} />,
  render_chart: (chart) => <AgentChart chart={chart} />,
};

/**
 * The chat's typed render tools: `renderToolDefinitions` with a component each. Adding a tool touches the
 * protocol's list and `renderers`, never the stream handling.
 */
export const chatWidgetRegistry: WidgetRegistry = new Map(
  renderToolDefinitions.map((definition) => [
    definition.name,
    defineWidget({
      validate: validateWithSchema(definition.schema),
      render: renderers[definition.name] as (args: unknown, props: WidgetRenderProps) => ReactNode,
      ack: definition.ack,
    }),
  ]),
);
