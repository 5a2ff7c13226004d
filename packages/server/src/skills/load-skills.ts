import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSkillFile } from './parse-skill-file.ts';
import type { Skill } from './skill.ts';
import { SkillFileError } from './skill-file-error.ts';
import { mcpGrantServerName } from './skill-grants-tool.ts';

/**
 * Reads every `<directory>/<folder>/SKILL.md`. Any malformed file, a folder without one, a duplicate
 * name or a grant of a tool the server does not have fails the whole load, naming the file. An MCP server's
 * tools are known only once it connects, so an MCP grant is checked against the configured server names.
 */
export function loadSkills({
  directory,
  knownTools,
  mcpServerNames = new Set(),
}: {
  directory: string;
  knownTools: ReadonlySet<string>;
  mcpServerNames?: ReadonlySet<string>;
}): Map<string, Skill> {
  const skills = new Map<string, Skill>();
  const folders = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = join(directory, folder, 'SKILL.md');
    if (!existsSync(file)) throw new SkillFileError({ file, reason: 'missing SKILL.md' });
    const skill = parseSkillFile({ file, text: readFileSync(file, 'utf8') });
    if (skills.has(skill.name)) {
      throw new SkillFileError({ file, reason: `the skill name "${skill.name}" is used twice` });
    }
    for (const tool of skill.allowedTools) {
      const mcpServerName = mcpGrantServerName(tool);
      if (mcpServerName !== undefined) {
        if (!mcpServerNames.has(mcpServerName)) {
          throw new SkillFileError({
            file,
            reason: `allowed-tools names "${tool}", but no MCP server "${mcpServerName}" is configured (DRAWBRIDGE_MCP_CONFIG: ${[...mcpServerNames].join(', ') || 'none'})`,
          });
        }
        continue;
      }
      if (!knownTools.has(tool)) {
        throw new SkillFileError({
          file,
          reason: `allowed-tools names "${tool}", which is not a tool of this server (known: ${[...knownTools].join(', ') || 'none'})`,
        });
      }
    }
    skills.set(skill.name, skill);
  }
  return skills;
}
