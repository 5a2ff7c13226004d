import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { ToolContext } from '../tools/agent-tool.ts';
import { type McpAgentTool, mcpAgentTool } from './mcp-agent-tool.ts';
import type { NamedMcpServerConfig } from './mcp-config.ts';
import { McpServerConnection, type McpServerStatus } from './mcp-server-connection.ts';
import { mcpToolName } from './mcp-tool-name.ts';
import { isVisibleToModel } from './mcp-tool-visibility.ts';
import type { ReconnectBackoff } from './reconnect-backoff.ts';

export interface StartMcpServersOptions {
  servers: readonly NamedMcpServerConfig[];
  clientInfo: { name: string; version: string };
  connectTimeoutMs?: number;
  backoff?: ReconnectBackoff;
  /** Told when a server fails to start, goes away or comes back, in one line naming it. */
  log?(message: string): void;
  /** Told of every status change of every server. */
  onStatus?(serverName: string, status: McpServerStatus): void;
  /** Receives every tool result a server returned to the model's call (what the tool's view is given); awaited. */
  onResult?(call: McpToolResultRecord): Promise<void> | void;
}

/** A tool call the model made on a server, with the full result the server returned. */
export interface McpToolResultRecord {
  context: ToolContext;
  tool: McpAgentTool;
  input: Record<string, unknown>;
  result: CallToolResult;
}

/** One tool of a connected server: as the agent sees it, as the server declared it, and who may see it. */
export interface McpServerTool {
  tool: McpAgentTool;
  definition: Tool;
  visibleToModel: boolean;
}

/** One server as `/api/mcp/servers` and the system prompt describe it. */
export interface McpServerSummary {
  name: string;
  status: McpServerStatus;
}

/**
 * The configured MCP servers, each kept connected: their model-visible tools as agent tools (rebuilt when a
 * server connects, drops or changes its list), and a note for the model naming the servers that are away.
 */
export class McpServers {
  private readonly connections: Map<string, McpServerConnection>;
  private readonly options: StartMcpServersOptions;
  private toolsCache: McpAgentTool[] | undefined;

  private constructor(options: StartMcpServersOptions) {
    this.options = options;
    this.connections = new Map(
      options.servers.map((server) => [
        server.name,
        new McpServerConnection({
          server,
          clientInfo: options.clientInfo,
          ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
          ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
          onStatus: (status) => this.statusChanged(server.name, status),
        }),
      ]),
    );
  }

  /**
   * Connects every server at once and resolves when each has connected or failed its first attempt; a
   * failure never rejects (the app starts without that server's tools and keeps retrying it).
   */
  static async start(options: StartMcpServersOptions): Promise<McpServers> {
    const servers = new McpServers(options);
    await Promise.all([...servers.connections.values()].map((connection) => connection.connect()));
    return servers;
  }

  /** No servers configured. */
  static none(): McpServers {
    return new McpServers({ servers: [], clientInfo: { name: 'drawbridge', version: '0' } });
  }

  /** The connected servers' tools the model may see, named `mcp__<server>__<tool>`. */
  modelTools(): readonly McpAgentTool[] {
    this.toolsCache ??= this.buildTools()
      .filter((entry) => entry.visibleToModel)
      .map((entry) => entry.tool);
    return this.toolsCache;
  }

  /** Every tool one connected server lists (app-only ones too), with its definition; none while it is away. */
  tools(serverName: string): McpServerTool[] {
    return this.buildTools().filter((entry) => entry.tool.serverName === serverName);
  }

  connection(serverName: string): McpServerConnection | undefined {
    return this.connections.get(serverName);
  }

  summaries(): McpServerSummary[] {
    return [...this.connections.values()].map((connection) => ({
      name: connection.name,
      status: connection.status,
    }));
  }

  /**
   * What the model is told about servers whose tools are absent right now (of those `concerns` picks: the ones
   * its skill grants tools of); empty when all of them are connected.
   */
  unavailableNote({ concerns = () => true }: { concerns?(serverName: string): boolean } = {}): string {
    const away = [...this.connections.values()].flatMap((connection) => {
      if (!concerns(connection.name)) return [];
      const status = connection.status;
      if (status.state === 'unavailable') return [`- ${connection.name}: ${status.reason}`];
      if (status.state === 'connecting') return [`- ${connection.name}: still connecting`];
      return [];
    });
    if (away.length === 0) return '';
    return [
      'These configured MCP servers are unavailable, so their tools (mcp__<server>__…) are absent from this',
      'turn. If the user asks for them, say the server is unavailable and why; do not pretend to call them.',
      ...away,
    ].join('\n');
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => connection.close()));
  }

  private buildTools(): McpServerTool[] {
    const taken = new Set<string>();
    const entries: McpServerTool[] = [];
    for (const connection of this.connections.values()) {
      const status = connection.status;
      if (status.state !== 'connected') continue;
      for (const definition of status.tools) {
        const name = mcpToolName({ serverName: connection.name, toolName: definition.name });
        // Two tools that differ only in refused characters (or past 64 characters) cannot both be offered.
        if (taken.has(name)) continue;
        taken.add(name);
        const tool = mcpAgentTool({
          connection,
          tool: definition,
          name,
          onResult: ({ context, input, result }) => this.options.onResult?.({ context, tool, input, result }),
        });
        entries.push({ tool, definition, visibleToModel: isVisibleToModel(definition) });
      }
    }
    return entries;
  }

  private statusChanged(serverName: string, status: McpServerStatus): void {
    this.toolsCache = undefined;
    this.options.onStatus?.(serverName, status);
    if (status.state === 'unavailable') {
      this.options.log?.(
        `MCP server "${serverName}" is unavailable: ${status.reason}; retrying in ${status.nextAttemptInMs} ms`,
      );
    }
  }
}
