import { drawbridgeVersion } from '../cli/drawbridge-version.ts';
import { readMcpConfig } from '../mcp/mcp-config.ts';
import { McpServers } from '../mcp/mcp-servers.ts';
import { storeMcpViewCall } from '../mcp/store-mcp-view-call.ts';
import type { Store } from '../store/store.ts';

/**
 * Connects the servers the MCP config file names (none without one). A malformed file throws
 * `McpConfigError`; a server that fails to start is reported and retried while the app runs without it.
 */
export async function startConfiguredMcpServers({
  configFile,
  store,
}: {
  configFile: string | undefined;
  store: Store;
}): Promise<McpServers> {
  const servers = readMcpConfig({ file: configFile });
  if (servers.length === 0) return McpServers.none();
  return McpServers.start({
    servers,
    clientInfo: { name: 'drawbridge', version: drawbridgeVersion() },
    // An operator reads these on the console: which server is away, why, and when it is tried again.
    log: (message) => console.error(`[drawbridge] ${message}`),
    onResult: (record) => storeMcpViewCall({ store, record }),
  });
}
