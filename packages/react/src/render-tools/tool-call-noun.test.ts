import { describe, expect, it } from 'vitest';
import { toolCallNoun } from './tool-call-noun.ts';

describe('toolCallNoun', () => {
  it("names a render tool by its definition's noun, never by its internal name", () => {
    expect(toolCallNoun('render_table')).toBe('table');
    expect(toolCallNoun('render_form')).toBe('form');
  });

  it('puts any other tool in words, an MCP tool with its server', () => {
    expect(toolCallNoun('dashboard_control')).toBe('dashboard control');
    expect(toolCallNoun('render_gauge')).toBe('gauge');
    expect(toolCallNoun('mcp__clock__get_time')).toBe('get time (clock)');
    expect(toolCallNoun('__')).toBe('tool');
  });
});
