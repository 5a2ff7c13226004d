import { mcpServerToolPrefix, mcpToolPrefix } from '../mcp/mcp-tool-name.ts';
import type { Skill } from './skill.ts';

/** The suffix of a grant that covers every tool of one MCP server: `mcp__<server>__*`. */
const wildcardSuffix = '__*';

/**
 * Whether a skill grants a tool: by exact name, or, for a connected MCP server's tools, by the wildcard
 * `mcp__<server>__*`. Only that one wildcard exists, so a grant never reaches further than one server.
 */
export function skillGrantsTool({
  skill,
  toolName,
}: {
  skill: Pick<Skill, 'allowedTools'>;
  toolName: string;
}): boolean {
  if (skill.allowedTools.has(toolName)) return true;
  if (!toolName.startsWith(mcpToolPrefix)) return false;
  for (const grant of skill.allowedTools) {
    if (grant.endsWith(wildcardSuffix) && toolName.startsWith(grant.slice(0, -1))) return true;
  }
  return false;
}

/** The server an MCP grant names (`mcp__tickets__search` and `mcp__tickets__*` name `tickets`), if it is one. */
export function mcpGrantServerName(grant: string): string | undefined {
  if (!grant.startsWith(mcpToolPrefix)) return undefined;
  const rest = grant.slice(mcpToolPrefix.length);
  const separator = rest.indexOf('__');
  return separator > 0 ? rest.slice(0, separator) : undefined;
}

/** Whether a skill grants anything of one server (so the model should hear when that server is away). */
export function skillGrantsServer({
  skill,
  serverName,
}: {
  skill: Pick<Skill, 'allowedTools'>;
  serverName: string;
}): boolean {
  const prefix = mcpServerToolPrefix(serverName);
  return [...skill.allowedTools].some((grant) => grant.startsWith(prefix));
}
