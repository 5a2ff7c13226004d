export * from './mcp-agent-tool.ts';
export * from './mcp-config.ts';
export * from './mcp-config-error.ts';
export * from './mcp-server-connection.ts';
export * from './mcp-servers.ts';
export * from './mcp-tool-name.ts';
