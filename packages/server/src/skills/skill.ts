import { z } from 'zod';

/**
 * Tool names are identifiers; a skill that grants anything else is a typo worth failing on. A connected MCP
 * server's tools are granted as `mcp__<server>__<tool>`, or all at once as `mcp__<server>__*`.
 */
const toolNameSchema = z
  .string()
  .regex(
    /^(?:(?!mcp__)[a-z][a-z0-9_]*|mcp__[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*__(?:[A-Za-z0-9_-]+|\*))$/,
    'tool names are lowercase identifiers, or mcp__<server>__<tool> / mcp__<server>__* for an MCP server',
  );

/**
 * `allowed-tools` is written either as a YAML list or, as in other agent harnesses, as one string of
 * names separated by commas or spaces; both mean the same set.
 */
const allowedToolsSchema = z
  .union([z.array(toolNameSchema), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[\s,]+/).filter(Boolean)))
  .pipe(z.array(toolNameSchema));

/** The frontmatter of a `SKILL.md` file. */
export const skillFrontmatterSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a skill name is lowercase letters, digits and dashes'),
  description: z.string().trim().min(1, 'a description is required'),
  'allowed-tools': allowedToolsSchema.default([]),
});

/** A loaded skill: who it is, which tools it grants, and the instructions added to the system prompt. */
export interface Skill {
  name: string;
  description: string;
  allowedTools: ReadonlySet<string>;
  instructions: string;
  file: string;
}
