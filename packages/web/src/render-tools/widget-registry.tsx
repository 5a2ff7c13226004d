import {
  type RenderChartArgs,
  type RenderFormArgs,
  type RenderImageArgs,
  type RenderTableArgs,
  renderChartArgsSchema,
  renderFormArgsSchema,
  renderImageArgsSchema,
  renderTableArgsSchema,
} from '@drawbridge/protocol';
import { AgentChart } from './agent-chart.tsx';
import { AgentForm } from './agent-form.tsx';
import { AgentImage } from './agent-image.tsx';
import { AgentTable } from './agent-table.tsx';
import { validateWithSchema } from './validate-with-schema.ts';
import { defineWidget, type WidgetDefinition } from './widget-definition.ts';

/** The chat's typed render tools. Adding one touches only this map, never the stream handling. */
export const chatWidgetRegistry: ReadonlyMap<string, WidgetDefinition> = new Map<string, WidgetDefinition>([
  [
    'render_image',
    defineWidget<RenderImageArgs>({
      validate: validateWithSchema(renderImageArgsSchema),
      render: (image) => <AgentImage image={image} />,
      ack: 'Displayed the image to the user.',
    }),
  ],
  [
    'render_form',
    defineWidget<RenderFormArgs>({
      validate: validateWithSchema(renderFormArgsSchema),
      render: (form, { onSubmitForm, sentAnswers }) => (
        <AgentForm form={form} onSubmitForm={onSubmitForm} sentAnswers={sentAnswers} />
      ),
      ack: "Displayed the form to the user; their answers will arrive as the user's next message.",
    }),
  ],
  [
    'render_table',
    defineWidget<RenderTableArgs>({
      validate: validateWithSchema(renderTableArgsSchema),
      render: (table) => <AgentTable table={table} />,
      ack: 'Displayed the table to the user.',
    }),
  ],
  [
    'render_chart',
    defineWidget<RenderChartArgs>({
      validate: validateWithSchema(renderChartArgsSchema),
      render: (chart) => <AgentChart chart={chart} />,
      ack: 'Displayed the chart to the user.',
    }),
  ],
]);
