/** What model providers accept in a tool name (OpenAI and Anthropic agree on this set and length). */
const providerToolNameLength = 64;

/** The prefix every tool of a connected MCP server carries in Drawbridge. */
export const mcpToolPrefix = 'mcp__';

/**
 * The name a connected server's tool is offered under: `mcp__<server>__<tool>`, each character a provider
 * refuses replaced by `_`, cut to the providers' 64 characters.
 */
export function mcpToolName({ serverName, toolName }: { serverName: string; toolName: string }): string {
  const safeToolName = toolName.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${mcpToolPrefix}${serverName}__${safeToolName}`.slice(0, providerToolNameLength);
}

/** The prefix shared by every tool of one server, which a skill's `mcp__<server>__*` grant matches. */
export function mcpServerToolPrefix(serverName: string): string {
  return `${mcpToolPrefix}${serverName}__`;
}
