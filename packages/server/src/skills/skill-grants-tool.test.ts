import { describe, expect, it } from 'vitest';
import { mcpGrantServerName, skillGrantsServer, skillGrantsTool } from './skill-grants-tool.ts';

const skill = { allowedTools: new Set(['render_table', 'mcp__tickets__search', 'mcp__basic-react__*']) };

describe('skillGrantsTool', () => {
  it.each([
    ['render_table', true],
    ['render_chart', false],
    ['mcp__tickets__search', true],
    ['mcp__tickets__delete', false],
    ['mcp__basic-react__get-time', true],
    // The wildcard ends at its server: a server whose name extends another's is not covered.
    ['mcp__basic-react-admin__get-time', false],
  ])('%s → %s', (toolName, granted) => {
    expect(skillGrantsTool({ skill, toolName })).toBe(granted);
  });

  it('knows which servers a skill reaches', () => {
    expect(skillGrantsServer({ skill, serverName: 'tickets' })).toBe(true);
    expect(skillGrantsServer({ skill, serverName: 'basic' })).toBe(false);
    expect(mcpGrantServerName('mcp__basic-react__*')).toBe('basic-react');
    expect(mcpGrantServerName('render_table')).toBeUndefined();
  });
});
