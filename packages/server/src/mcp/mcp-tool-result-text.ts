import type { CallToolResult } from '@modelcontextprotocol/client';

/**
 * What the model reads of a tool's result: its text blocks, else its structured content as JSON, with a
 * placeholder for blocks the model cannot read as text (images, audio, links) so it knows they exist.
 */
export function mcpToolResultText(result: CallToolResult): string {
  const lines = result.content.map((block) => {
    if (block.type === 'text') return block.text;
    if (block.type === 'resource_link') return `[resource link: ${block.uri}]`;
    if (block.type === 'resource') return `[embedded resource: ${block.resource.uri}]`;
    return `[${block.type} content]`;
  });
  const text = lines.join('\n').trim();
  if (text.length > 0) return text;
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return result.isError ? 'The tool reported an error without details.' : 'The tool returned nothing.';
}
