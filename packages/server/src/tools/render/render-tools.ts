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
import type { AgentTool } from '../agent-tool.ts';
import {
  createRenderTool,
  type RenderToolDependencies,
  type RenderToolMessages,
} from './create-render-tool.ts';

function messagesFor(thing: string): RenderToolMessages {
  return {
    noClient: `No browser is attached to this conversation, so the ${thing} cannot be shown. Answer in text instead.`,
    timeout: `The browser did not confirm the ${thing} in time; it was not shown. Tell the user, or answer in text.`,
    cancelled: `The run was cancelled before the ${thing} was shown.`,
  };
}

/** `render_image`: shows an image at an https URL. */
export const renderImageTool = (dependencies: RenderToolDependencies): AgentTool<RenderImageArgs> =>
  createRenderTool(
    {
      name: 'render_image',
      description:
        'Show an image to the user in the chat. The url must be an absolute https: URL; alt text is required. Returns one sentence.',
      schema: renderImageArgsSchema,
      messages: messagesFor('image'),
    },
    dependencies,
  );

/** `render_form`: asks the user questions; the answers arrive as their next message. */
export const renderFormTool = (dependencies: RenderToolDependencies): AgentTool<RenderFormArgs> =>
  createRenderTool(
    {
      name: 'render_form',
      description:
        "Show a form to the user (fields: text, number, select, checkbox, date; labels and validation rules). The user's answers arrive as their next message.",
      schema: renderFormArgsSchema,
      messages: messagesFor('form'),
    },
    dependencies,
  );

/** `render_table`: shows rows as a sortable table. */
export const renderTableTool = (dependencies: RenderToolDependencies): AgentTool<RenderTableArgs> =>
  createRenderTool(
    {
      name: 'render_table',
      description:
        'Show rows of records as a sortable table. Columns have a key, a label and a type (string, number, date, boolean); each row maps column keys to values.',
      schema: renderTableArgsSchema,
      messages: messagesFor('table'),
    },
    dependencies,
  );

/** `render_chart`: draws a line, bar, area or pie chart. */
export const renderChartTool = (dependencies: RenderToolDependencies): AgentTool<RenderChartArgs> =>
  createRenderTool(
    {
      name: 'render_chart',
      description:
        'Draw a line, bar, area or pie chart: labels for the x axis (or slices) and one or more named series of numbers, one value per label. A pie takes one series.',
      schema: renderChartArgsSchema,
      messages: messagesFor('chart'),
    },
    dependencies,
  );

/** The four render tools over one bridge. */
export function createRenderTools(dependencies: RenderToolDependencies): AgentTool[] {
  return [
    renderImageTool(dependencies),
    renderFormTool(dependencies),
    renderTableTool(dependencies),
    renderChartTool(dependencies),
  ] as AgentTool[];
}
