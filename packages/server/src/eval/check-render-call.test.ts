import { describe, expect, it } from 'vitest';
import { checkRenderCall } from './check-render-call.ts';

const table = {
  title: 'Languages',
  columns: [{ key: 'name', label: 'Name', type: 'string' }],
  rows: [{ name: 'Go' }],
};

describe('checkRenderCall', () => {
  it('accepts arguments the shared schema accepts, with the answer a browser would give', () => {
    expect(checkRenderCall({ toolName: 'render_table', argsJson: JSON.stringify(table) })).toEqual({
      status: 'valid',
      answer: { status: 'rendered', message: 'Displayed the table to the user.' },
    });
  });

  it('names the field the schema refused', () => {
    const check = checkRenderCall({
      toolName: 'render_table',
      argsJson: JSON.stringify({ ...table, rows: 'x' }),
    });
    expect(check).toMatchObject({ status: 'invalid', answer: { status: 'error' } });
    expect(check.status === 'invalid' && check.reason).toMatch(/^rows: /);
  });

  it('refuses arguments that are not JSON, and leaves other tools alone', () => {
    expect(checkRenderCall({ toolName: 'render_image', argsJson: '{"url":' })).toMatchObject({
      status: 'invalid',
      reason: 'the arguments are not valid JSON',
    });
    expect(checkRenderCall({ toolName: 'constructor', argsJson: '{}' })).toEqual({
      status: 'not_a_render_tool',
    });
  });
});
