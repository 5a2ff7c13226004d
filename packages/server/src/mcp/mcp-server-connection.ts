import type { PassThrough } from 'node:stream';
import {
  type CallToolResult,
  Client,
  type ReadResourceResult,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { isStdioServerConfig, type NamedMcpServerConfig } from './mcp-config.ts';
import { mcpUiClientCapabilities } from './mcp-ui-capabilities.ts';
import { defaultReconnectBackoff, type ReconnectBackoff, reconnectDelayMs } from './reconnect-backoff.ts';

/** Where one server stands: its tools are offered only while it is `connected`. */
export type McpServerStatus =
  | { state: 'connecting' }
  | { state: 'connected'; tools: readonly Tool[] }
  /** Failed to start or went away; `reason` says why, and a reconnect is scheduled. */
  | { state: 'unavailable'; reason: string; nextAttemptInMs: number }
  | { state: 'closed' };

export interface McpServerConnectionOptions {
  server: NamedMcpServerConfig;
  /** Drawbridge's name and version as the server sees them. */
  clientInfo: { name: string; version: string };
  /** How long connecting (spawn, initialize, list tools) may take before it counts as failed; default 15 s. */
  connectTimeoutMs?: number;
  backoff?: ReconnectBackoff;
  /** Called whenever the status changes (connected, tools changed, gone away). */
  onStatus?(status: McpServerStatus): void;
}

const stderrTailBytes = 2048;

/**
 * One configured MCP server, kept connected: connects through the SDK client (advertising the MCP Apps UI
 * extension), lists its tools, follows `tools/list_changed`, and reconnects with a doubling backoff after a
 * failed start or a drop. Calls made while it is away fail as values with the reason.
 */
export class McpServerConnection {
  readonly name: string;
  private readonly options: McpServerConnectionOptions;
  private client: Client | undefined;
  private currentStatus: McpServerStatus = { state: 'connecting' };
  private failedAttempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stderrTail = '';

  constructor(options: McpServerConnectionOptions) {
    this.options = options;
    this.name = options.server.name;
  }

  get status(): McpServerStatus {
    return this.currentStatus;
  }

  /** Connects once; resolves with the resulting status, never rejects (a failure schedules the next try). */
  async connect(): Promise<McpServerStatus> {
    if (this.currentStatus.state === 'closed') return this.currentStatus;
    const client = new Client(
      { name: this.options.clientInfo.name, version: this.options.clientInfo.version },
      {
        capabilities: mcpUiClientCapabilities,
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              // A failed refresh keeps the list we had; the next change or reconnect corrects it.
              if (error === null && tools !== null && this.client === client) {
                this.setStatus({ state: 'connected', tools });
              }
            },
          },
        },
      },
    );
    this.stderrTail = '';
    const transport = this.createTransport();
    const timeoutMs = this.options.connectTimeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      await Promise.race([client.connect(transport), timedOut]);
      const { tools } = await Promise.race([client.listTools(), timedOut]);
      if (this.isClosed()) {
        await client.close();
        return this.currentStatus;
      }
      this.client = client;
      this.failedAttempts = 0;
      client.onclose = () => {
        if (this.client !== client) return;
        this.client = undefined;
        this.scheduleReconnect(this.describeFailure('the connection closed'));
      };
      this.setStatus({ state: 'connected', tools });
    } catch (error) {
      // The half-open client and its process are discarded; a later attempt starts clean.
      await client.close().catch(() => undefined);
      this.scheduleReconnect(this.describeFailure((error as Error).message));
    } finally {
      clearTimeout(timer);
    }
    return this.currentStatus;
  }

  /** Calls a tool by its own (server-side) name. */
  async callTool({
    name,
    input,
    abortSignal,
  }: {
    name: string;
    input: Record<string, unknown>;
    abortSignal?: AbortSignal;
  }): Promise<{ ok: true; result: CallToolResult } | { ok: false; error: string }> {
    const client = this.client;
    if (client === undefined) return { ok: false, error: this.unavailableReason() };
    try {
      const result = await client.callTool(
        { name, arguments: input },
        abortSignal === undefined ? {} : { signal: abortSignal },
      );
      return { ok: true, result: result as CallToolResult };
    } catch (error) {
      return { ok: false, error: `the server ${this.name} failed the call: ${(error as Error).message}` };
    }
  }

  /** Reads one resource (a `ui://` view's HTML, for instance). */
  async readResource({
    uri,
  }: {
    uri: string;
  }): Promise<{ ok: true; result: ReadResourceResult } | { ok: false; error: string }> {
    const client = this.client;
    if (client === undefined) return { ok: false, error: this.unavailableReason() };
    try {
      return { ok: true, result: await client.readResource({ uri }) };
    } catch (error) {
      return {
        ok: false,
        error: `the server ${this.name} could not read ${uri}: ${(error as Error).message}`,
      };
    }
  }

  /** Stops reconnecting and closes the connection (ending a stdio server's process). */
  async close(): Promise<void> {
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.setStatus({ state: 'closed' });
    await client?.close().catch(() => undefined);
  }

  private createTransport(): Transport {
    const { config } = this.options.server;
    if (isStdioServerConfig(config)) {
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: { ...getDefaultEnvironment(), ...config.env },
        stderr: 'pipe',
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      });
      // Only the last lines are kept: they say why a server died, without growing with a chatty one.
      (transport.stderr as PassThrough | null)?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-stderrTailBytes);
      });
      return transport;
    }
    return new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: config.headers },
    });
  }

  private describeFailure(message: string): string {
    const lastLine = this.stderrTail.trim().split('\n').at(-1)?.trim();
    return lastLine ? `${message} (stderr: ${lastLine})` : message;
  }

  private unavailableReason(): string {
    const status = this.currentStatus;
    return status.state === 'unavailable'
      ? `the server ${this.name} is unavailable: ${status.reason}`
      : `the server ${this.name} is not connected`;
  }

  // Read through a method: `close()` may run while `connect()` awaits, which narrowing cannot see.
  private isClosed(): boolean {
    return this.currentStatus.state === 'closed';
  }

  private scheduleReconnect(reason: string): void {
    if (this.isClosed()) return;
    const delay = reconnectDelayMs({
      attempt: this.failedAttempts,
      backoff: this.options.backoff ?? defaultReconnectBackoff,
    });
    this.failedAttempts += 1;
    this.setStatus({ state: 'unavailable', reason, nextAttemptInMs: delay });
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.setStatus({ state: 'connecting' });
      void this.connect();
    }, delay);
    // A pending reconnect must not keep a finished process (a CLI run, a test) alive.
    this.reconnectTimer.unref();
  }

  private setStatus(status: McpServerStatus): void {
    if (this.currentStatus.state === 'closed' && status.state !== 'closed') return;
    this.currentStatus = status;
    this.options.onStatus?.(status);
  }
}
