import { renderToolDefinitions } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { dispatchToolCall } from './dispatch-tool-call.ts';
import { defineWidget, type WidgetDefinition } from './widget-definition.ts';
import { widgetRegistryFrom } from './widget-registry-from-definitions.ts';

/** The chat's render tools, each drawing nothing: dispatch is about names, arguments and answers. */
const registry = widgetRegistryFrom(renderToolDefinitions, {
  render_image: () => null,
  render_form: () => null,
  render_table: () => null,
  render_chart: () => null,
});

const dispatch = (toolCallName: string, args: unknown) =>
  dispatchToolCall(registry, {
    toolCallName,
    argsJson: typeof args === 'string' ? args : JSON.stringify(args),
  });

describe('dispatchToolCall', () => {
  it('renders a valid call, answering with the widget ack and the parsed arguments', () => {
    expect(dispatch('render_image', { url: 'https://example.com/cat.png', alt: 'A cat' })).toEqual({
      status: 'rendered',
      message: 'Displayed the image to the user.',
      widget: { tool: 'render_image', args: { url: 'https://example.com/cat.png', alt: 'A cat' } },
    });
  });

  it('applies schema defaults to the arguments it hands to the widget', () => {
    const outcome = dispatch('render_form', { fields: [{ name: 'city', label: 'City', type: 'text' }] });
    expect(outcome.status === 'rendered' && outcome.widget.args).toMatchObject({ submitLabel: 'Submit' });
  });

  it.each(['unknown_widget', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers an unknown name (%s) with an error instead of resolving it',
    (name) => {
      expect(dispatch(name, {})).toEqual({
        status: 'error',
        message: `The client has no handler for widget "${name}".`,
      });
    },
  );

  it('refuses arguments that are not JSON', () => {
    expect(dispatch('render_table', '{"columns": [')).toEqual({
      status: 'error',
      message: 'The render_table arguments could not be parsed as JSON.',
    });
  });

  it.each([
    [
      'render_image',
      { url: 'http://example.com/a.png', alt: 'x' },
      'Invalid render_image arguments: url: must be an absolute https: URL',
    ],
    [
      'render_image',
      { url: 'javascript:alert(1)', alt: 'x' },
      'Invalid render_image arguments: url: must be an absolute https: URL',
    ],
    ['render_form', { fields: [] }, 'Invalid render_form arguments: fields: a form needs at least one field'],
    [
      'render_table',
      { columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [{ n: 'many' }] },
      'Invalid render_table arguments: rows.0.n: expected a number in column "n"',
    ],
    [
      'render_chart',
      { title: 'T', kind: 'line', labels: ['a', 'b'], series: [{ name: 's', values: [1] }] },
      'Invalid render_chart arguments: series.0.values: series "s" has 1 values for 2 labels',
    ],
  ])('refuses invalid %s arguments, naming the field', (tool, args, message) => {
    expect(dispatch(tool, args)).toEqual({ status: 'error', message });
  });

  it('lets an acting widget answer for itself, and passes its refusal through', () => {
    const executed: unknown[] = [];
    const acting: WidgetDefinition = defineWidget<{ go: boolean }>({
      validate: (args) => ({ ok: true, args: args as { go: boolean } }),
      render: () => null,
      ack: 'unused',
      execute: (args) => {
        executed.push(args);
        return args.go ? { status: 'rendered', message: 'Went.' } : { status: 'error', message: 'Stayed.' };
      },
    });
    const registry = new Map([['act', acting]]);
    expect(dispatchToolCall(registry, { toolCallName: 'act', argsJson: '{"go":true}' })).toMatchObject({
      status: 'rendered',
      message: 'Went.',
    });
    expect(dispatchToolCall(registry, { toolCallName: 'act', argsJson: '{"go":false}' })).toEqual({
      status: 'error',
      message: 'Stayed.',
    });
    expect(executed).toEqual([{ go: true }, { go: false }]);
  });

  it('treats empty arguments as an empty object', () => {
    expect(dispatch('render_form', '')).toEqual({
      status: 'error',
      message: 'Invalid render_form arguments: fields: Invalid input: expected array, received undefined',
    });
  });
});
