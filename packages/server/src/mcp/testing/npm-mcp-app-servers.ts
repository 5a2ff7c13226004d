import { fileURLToPath } from 'node:url';
import type { McpStdioServerConfig } from '../mcp-config.ts';

const nodeModules = new URL('../../../../../node_modules/', import.meta.url);

/**
 * The MCP App example servers installed from npm as dev dependencies, started over stdio. Their packages
 * export no entry for the CLI, so the script is addressed by its path in node_modules.
 */
function npmServer(packageName: string): McpStdioServerConfig {
  const script = fileURLToPath(new URL(`@modelcontextprotocol/${packageName}/dist/index.js`, nodeModules));
  return { command: process.execPath, args: [script, '--stdio'], env: {} };
}

export const basicVanillaServer = npmServer('server-basic-vanillajs');
export const basicReactServer = npmServer('server-basic-react');
