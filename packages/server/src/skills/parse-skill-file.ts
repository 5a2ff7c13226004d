import { describeSchemaError } from '@drawbridge/protocol';
import { parse as parseYaml } from 'yaml';
import { type Skill, skillFrontmatterSchema } from './skill.ts';
import { SkillFileError } from './skill-file-error.ts';

const frontmatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parses the text of one `SKILL.md`; throws `SkillFileError` naming the file and the reason. */
export function parseSkillFile({ file, text }: { file: string; text: string }): Skill {
  const match = frontmatterPattern.exec(text.replace(/^\uFEFF/, ''));
  if (!match) {
    throw new SkillFileError({ file, reason: 'missing frontmatter (the file must start with a --- block)' });
  }
  let frontmatter: unknown;
  try {
    frontmatter = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new SkillFileError({ file, reason: `frontmatter is not valid YAML: ${(error as Error).message}` });
  }
  const parsed = skillFrontmatterSchema.safeParse(frontmatter ?? {});
  if (!parsed.success) {
    throw new SkillFileError({ file, reason: describeSchemaError(parsed.error) });
  }
  const instructions = (match[2] ?? '').trim();
  if (instructions.length === 0) {
    throw new SkillFileError({ file, reason: 'the body (the instructions for the model) is empty' });
  }
  return {
    name: parsed.data.name,
    description: parsed.data.description,
    allowedTools: new Set(parsed.data['allowed-tools']),
    instructions,
    file,
  };
}
