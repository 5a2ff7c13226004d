import { fileURLToPath } from 'node:url';
import type { McpStdioServerConfig } from '../mcp-config.ts';

const script = fileURLToPath(new URL('./fixture-stdio-server.ts', import.meta.url));

/**
 * The fixture MCP server over stdio, run through tsx; `flags` choose its behaviour (`--fail-at-start`,
 * `--canary-origin <origin>` for the hostile view, `--chatty-view`).
 */
export function fixtureStdioServer({ flags = [] }: { flags?: string[] } = {}): McpStdioServerConfig {
  return { command: process.execPath, args: ['--import', 'tsx', script, ...flags], env: {} };
}
