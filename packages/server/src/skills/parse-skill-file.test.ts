import { describe, expect, it } from 'vitest';
import { parseSkillFile } from './parse-skill-file.ts';
import { SkillFileError } from './skill-file-error.ts';

const file = '/skills/example/SKILL.md';

function parseText(text: string) {
  return parseSkillFile({ file, text });
}

function reasonOf(text: string): string {
  try {
    parseText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SkillFileError);
    return (error as SkillFileError).message;
  }
  throw new Error('expected a SkillFileError');
}

describe('parseSkillFile', () => {
  it('reads name, description, a YAML list of tools and the body', () => {
    const skill = parseText(
      '---\nname: widgets\ndescription: Draws widgets.\nallowed-tools:\n  - render_table\n  - render_chart\n---\n\nDraw well.\n',
    );
    expect(skill).toMatchObject({
      name: 'widgets',
      description: 'Draws widgets.',
      instructions: 'Draw well.',
    });
    expect([...skill.allowedTools]).toEqual(['render_table', 'render_chart']);
  });

  it('accepts allowed-tools as one comma or space separated string', () => {
    const skill = parseText(
      '---\nname: a\ndescription: d\nallowed-tools: render_table, render_chart list_metrics\n---\nx',
    );
    expect([...skill.allowedTools]).toEqual(['render_table', 'render_chart', 'list_metrics']);
  });

  it('grants nothing when allowed-tools is absent', () => {
    expect(parseText('---\nname: a\ndescription: d\n---\nbody').allowedTools.size).toBe(0);
  });

  it.each([
    ['no frontmatter', 'just text', 'missing frontmatter'],
    ['bad YAML', '---\nname: [unclosed\n---\nbody', 'not valid YAML'],
    ['no name', '---\ndescription: d\n---\nbody', 'name'],
    ['bad name', '---\nname: Has Spaces\ndescription: d\n---\nbody', 'lowercase'],
    ['empty description', '---\nname: a\ndescription: "  "\n---\nbody', 'description'],
    [
      'bad tool name',
      '---\nname: a\ndescription: d\nallowed-tools: [Render-Table]\n---\nbody',
      'allowed-tools',
    ],
    ['unknown key', '---\nname: a\ndescription: d\nmodel: gpt\n---\nbody', 'model'],
    ['empty body', '---\nname: a\ndescription: d\n---\n\n', 'body'],
  ])('refuses %s, naming the file and the reason', (_label, text, reason) => {
    const message = reasonOf(text);
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toContain(reason);
  });
});
