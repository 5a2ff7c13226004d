import { describe, expect, it } from 'vitest';
import { describeSchemaError } from './describe-schema-error.ts';
import { findRenderTool, renderToolDefinitions } from './render-tool-definitions.ts';
import { toolResultBodySchema } from './tool-result.ts';

function reason(tool: string, args: unknown): string | null {
  const result = findRenderTool(tool)!.schema.safeParse(args);
  return result.success ? null : describeSchemaError(result.error);
}

describe('render_image', () => {
  it('accepts an absolute https URL with alt text', () => {
    expect(reason('render_image', { url: 'https://example.com/cat.png', alt: 'A cat' })).toBeNull();
  });
  it.each([
    ['javascript:alert(1)', 'https:'],
    ['data:image/png;base64,AAAA', 'https:'],
    ['http://example.com/a.png', 'https:'],
    ['/relative/a.png', 'https:'],
  ])('refuses %s', (url, expected) => {
    expect(reason('render_image', { url, alt: 'x' })).toContain(expected);
  });
  it('requires alt text', () => {
    expect(reason('render_image', { url: 'https://example.com/a.png', alt: ' ' })).toBe(
      'alt: alt text is required',
    );
  });
});

describe('render_form', () => {
  const field = { name: 'city', label: 'City', type: 'text' };
  it('accepts a form and defaults the submit label', () => {
    const parsed = findRenderTool('render_form')!.schema.parse({ fields: [field] }) as {
      submitLabel: string;
    };
    expect(parsed.submitLabel).toBe('Submit');
  });
  it.each([
    [{ fields: [] }, 'at least one field'],
    [{ fields: [{ ...field, type: 'select' }] }, 'fields.0.options: a select field needs options'],
    [{ fields: [{ ...field, options: [{ value: 'a', label: 'A' }] }] }, 'only a select field'],
    [{ fields: [{ ...field, type: 'number', min: 5, max: 1 }] }, 'min is greater than max'],
    [{ fields: [field, field] }, 'used twice'],
    [{ fields: [{ ...field, name: 'not valid' }] }, 'identifier'],
    [{ fields: [{ ...field, pattern: '(' }] }, 'not a valid regular expression'],
    [{ fields: [{ ...field, type: 'color' }] }, 'fields.0.type'],
  ])('refuses %j', (args, expected) => {
    expect(reason('render_form', args)).toContain(expected);
  });
});

describe('render_table', () => {
  const columns = [
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'stars', label: 'Stars', type: 'number' },
  ];
  it('accepts rows that match their columns, with empty cells', () => {
    expect(
      reason('render_table', {
        columns,
        rows: [
          { name: 'a', stars: 1 },
          { name: 'b', stars: null },
        ],
      }),
    ).toBeNull();
  });
  it('refuses a cell of the wrong type, naming row and column', () => {
    expect(reason('render_table', { columns, rows: [{ name: 'a', stars: 'many' }] })).toBe(
      'rows.0.stars: expected a number in column "stars"',
    );
  });
  it('refuses an unknown key and more than 10,000 rows', () => {
    expect(reason('render_table', { columns, rows: [{ nme: 'a' }] })).toContain('"nme" is not a column');
    const rows = Array.from({ length: 10_001 }, () => ({ name: 'a', stars: 1 }));
    expect(reason('render_table', { columns, rows })).toContain('rows');
  });
});

describe('render_chart', () => {
  const chart = {
    title: 'Revenue',
    kind: 'line',
    labels: ['Jan', 'Feb'],
    series: [{ name: 'EU', values: [1, 2] }],
  };
  it('accepts a matching series', () => {
    expect(reason('render_chart', chart)).toBeNull();
  });
  it('refuses mismatched lengths and multi-series pies', () => {
    expect(reason('render_chart', { ...chart, series: [{ name: 'EU', values: [1] }] })).toContain(
      '1 values for 2 labels',
    );
    expect(
      reason('render_chart', { ...chart, kind: 'pie', series: [chart.series[0], chart.series[0]] }),
    ).toContain('exactly one series');
    expect(reason('render_chart', { ...chart, kind: 'radar' })).toContain('kind');
  });
});

describe('the definition list', () => {
  it('is looked up through a Map, so inherited names resolve to nothing', () => {
    expect(findRenderTool('constructor')).toBeUndefined();
    expect(findRenderTool('toString')).toBeUndefined();
    expect(renderToolDefinitions.map((definition) => definition.name)).toEqual([
      'render_image',
      'render_form',
      'render_table',
      'render_chart',
    ]);
    for (const definition of renderToolDefinitions) expect(findRenderTool(definition.name)).toBe(definition);
  });
  it('gives every tool a title, a noun, a description and a one-line acknowledgement', () => {
    for (const { name, title, noun, description, ack } of renderToolDefinitions) {
      expect(title, name).not.toBe('');
      expect(description, name).not.toBe('');
      expect(ack, name).toBe(ack.trim());
      expect(ack, name).toContain(`Displayed the ${noun} to the user`);
      expect(ack, name).not.toContain('\n');
    }
  });
  it('validates tool result bodies', () => {
    expect(
      toolResultBodySchema.safeParse({ toolCallId: 'c1', result: { status: 'rendered', message: 'ok' } })
        .success,
    ).toBe(true);
    expect(toolResultBodySchema.safeParse({ toolCallId: 'c1', result: { status: 'maybe' } }).success).toBe(
      false,
    );
  });
});
