import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';

/**
 * What Drawbridge tells every server it connects to: it hosts MCP Apps views (`text/html;profile=mcp-app`),
 * so servers that adapt to their host register their UI-enhanced tools.
 */
export const mcpUiClientCapabilities = {
  extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
};
