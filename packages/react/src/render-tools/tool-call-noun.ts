import { renderToolDefinitions } from '@drawbridge/protocol';

const renderToolNouns: ReadonlyMap<string, string> = new Map(
  renderToolDefinitions.map((definition) => [definition.name, definition.noun]),
);

function words(name: string): string {
  return name.replace(/[_-]+/g, ' ').trim();
}

/**
 * What a person calls the thing a tool call shows, for the card that stands in while it loads or when it was
 * refused: the render tool's own noun ("table" for `render_table`); an MCP tool by its name and server
 * ("get time (clock)" for `mcp__clock__get_time`); any other tool by its name in words ("dashboard control").
 * The internal name is the model's, not the reader's.
 */
export function toolCallNoun(toolName: string): string {
  const known = renderToolNouns.get(toolName);
  if (known !== undefined) return known;
  const mcp = /^mcp__(.+?)__(.+)$/.exec(toolName);
  if (mcp) return `${words(mcp[2]!)} (${words(mcp[1]!)})`;
  return words(toolName.replace(/^render_/, '')) || 'tool';
}
