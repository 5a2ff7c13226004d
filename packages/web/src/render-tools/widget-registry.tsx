import { renderToolDefinitions } from '@drawbridge/protocol';
import { type WidgetRegistry, widgetRegistryFrom } from '@drawbridge/react';
import { AgentChart } from './agent-chart.tsx';
import { AgentForm } from './agent-form.tsx';
import { AgentImage } from './agent-image.tsx';
import { AgentTable } from './agent-table.tsx';

/**
 * The chat's typed render tools: `renderToolDefinitions` with a component each. Adding a tool touches the
 * protocol's list and this table, never the stream handling.
 */
export const chatWidgetRegistry: WidgetRegistry = widgetRegistryFrom(renderToolDefinitions, {
  render_image: (image) => <AgentImage image={image} />,
  render_form: (form, { onSubmitForm, sentAnswers }) => (
    <AgentForm form={form} onSubmitForm={onSubmitForm} sentAnswers={sentAnswers} />
  ),
  render_table: (table) => <AgentTable table={table} />,
  render_chart: (chart) => <AgentChart chart={chart} />,
});
