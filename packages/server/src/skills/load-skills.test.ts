import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSkillsDirectory } from '../agents/build-agent-profiles.ts';
import { loadSkills } from './load-skills.ts';

const knownTools = new Set(['render_table', 'render_chart', 'list_metrics', 'dashboard_control']);

function skillsFolder(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'skills-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), text);
  }
  return directory;
}

const skillText = (name: string, tools: string) =>
  `---\nname: ${name}\ndescription: d\nallowed-tools: ${tools}\n---\nbody`;

describe('loadSkills', () => {
  it('loads every folder, keyed by skill name', () => {
    const directory = skillsFolder({
      'a/SKILL.md': skillText('alpha', 'render_table'),
      'b/SKILL.md': skillText('beta', 'list_metrics'),
    });
    expect([...loadSkills({ directory, knownTools }).keys()]).toEqual(['alpha', 'beta']);
  });

  it('fails on a folder without SKILL.md', () => {
    const directory = skillsFolder({ 'a/SKILL.md': skillText('alpha', 'render_table'), 'b/README.md': 'x' });
    expect(() => loadSkills({ directory, knownTools })).toThrow(/b\/SKILL\.md: missing SKILL\.md/);
  });

  it('fails on a duplicate name', () => {
    const directory = skillsFolder({
      'a/SKILL.md': skillText('alpha', 'render_table'),
      'b/SKILL.md': skillText('alpha', 'render_chart'),
    });
    expect(() => loadSkills({ directory, knownTools })).toThrow(/used twice/);
  });

  it('fails on a grant of a tool the server does not have', () => {
    const directory = skillsFolder({ 'a/SKILL.md': skillText('alpha', 'delete_everything') });
    expect(() => loadSkills({ directory, knownTools })).toThrow(/"delete_everything", which is not a tool/);
  });

  it('accepts MCP grants by exact name or server wildcard, for configured servers only', () => {
    const directory = skillsFolder({
      'a/SKILL.md': skillText('alpha', 'render_table, mcp__tickets__search, mcp__basic-react__*'),
    });
    const mcpServerNames = new Set(['tickets', 'basic-react']);
    expect(loadSkills({ directory, knownTools, mcpServerNames }).get('alpha')?.allowedTools).toEqual(
      new Set(['render_table', 'mcp__tickets__search', 'mcp__basic-react__*']),
    );
    expect(() => loadSkills({ directory, knownTools, mcpServerNames: new Set(['tickets']) })).toThrow(
      /"mcp__basic-react__\*", but no MCP server "basic-react" is configured/,
    );
  });

  it.each(['mcp__*', 'mcp__tickets__', 'mcp__tickets__sea*', 'mcp__a__b__*'])(
    'refuses the grant %s',
    (grant) => {
      const directory = skillsFolder({ 'a/SKILL.md': skillText('alpha', grant) });
      expect(() => loadSkills({ directory, knownTools, mcpServerNames: new Set(['tickets', 'a']) })).toThrow(
        /tool names are lowercase identifiers, or mcp__<server>__<tool>/,
      );
    },
  );

  it("loads the package's own skills", () => {
    const skills = loadSkills({
      directory: defaultSkillsDirectory,
      knownTools: new Set([...knownTools, 'render_image', 'render_form', 'send_a2ui_json_to_client']),
    });
    expect(skills.get('widgets')?.allowedTools.has('render_table')).toBe(true);
    expect(skills.get('widgets')?.allowedTools.has('send_a2ui_json_to_client')).toBe(true);
    expect(skills.get('dashboard')?.allowedTools.has('dashboard_control')).toBe(true);
    expect(skills.get('dashboard')?.allowedTools.has('render_form')).toBe(false);
  });
});
