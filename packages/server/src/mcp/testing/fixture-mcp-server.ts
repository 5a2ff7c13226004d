import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The `ui://` view of the fixture's `show-note` tool. */
export const fixtureViewUri = 'ui://fixture/note.html';

/**
 * A small MCP server for tests: `echo` (a required string argument, to exercise validation), `show-note`
 * (with a `ui://` view), `refresh-note` (app-only: a view may call it, the model never sees it) and, when
 * `exit` is given, `crash` (the process or connection goes away, to exercise reconnecting).
 */
export function createFixtureMcpServer({ exit, viewHtml }: { exit?: () => void; viewHtml?: string } = {}) {
  const server = new McpServer({ name: 'drawbridge-fixture', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text.', inputSchema: z.object({ text: z.string().min(1) }) },
    async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  server.registerTool(
    'show-note',
    {
      description: 'Shows a note in a view.',
      inputSchema: z.object({ note: z.string() }),
      _meta: { ui: { resourceUri: fixtureViewUri } },
    },
    async ({ note }) => ({
      content: [{ type: 'text', text: `Shown: ${note}` }],
      structuredContent: { note, shownAt: 'fixture' },
    }),
  );
  server.registerTool(
    'refresh-note',
    {
      description: 'Refreshes the note (only the view calls it).',
      inputSchema: z.object({}),
      _meta: { ui: { visibility: ['app'] } },
    },
    async () => ({ content: [{ type: 'text', text: 'refreshed' }], structuredContent: { refreshed: true } }),
  );
  if (exit !== undefined) {
    server.registerTool('crash', { description: 'Ends the server.', inputSchema: z.object({}) }, async () => {
      setTimeout(exit, 0);
      return { content: [{ type: 'text', text: 'crashing' }] };
    });
  }
  server.registerResource(
    'note-view',
    fixtureViewUri,
    {
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
    },
    async () => ({
      contents: [
        {
          uri: fixtureViewUri,
          mimeType: 'text/html;profile=mcp-app',
          text: viewHtml ?? '<!doctype html><p id="note">fixture view</p>',
          _meta: { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } },
        },
      ],
    }),
  );
  return server;
}
