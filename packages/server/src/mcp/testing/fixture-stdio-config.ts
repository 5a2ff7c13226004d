import { fileURLToPath } from 'node:url';
import type { McpStdioServerConfig } from '../mcp-config.ts';

const script = fileURLToPath(new URL('./fixture-stdio-server.ts', import.meta.url));

/** The fixture MCP server over stdio, run through tsx; `env` reaches it (`CANARY_ORIGIN` for the hostile view). */
export function fixtureStdioServer({
  env = {},
  flags = [],
}: {
  env?: Record<string, string>;
  flags?: string[];
} = {}): McpStdioServerConfig {
  return { command: process.execPath, args: ['--import', 'tsx', script, ...flags], env };
}
