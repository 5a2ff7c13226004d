import { DrawbridgeError } from '@drawbridge/protocol';

/** A `DRAWBRIDGE_MCP_CONFIG` file that cannot be used; raised at start-up, naming the file and the fault. */
export class McpConfigError extends DrawbridgeError<'mcp_config_invalid'> {
  static override readonly errorName = 'McpConfigError';
  readonly file: string;
  readonly reason: string;

  constructor({ file, reason }: { file: string; reason: string }) {
    super({ code: 'mcp_config_invalid', message: `${file}: ${reason}` });
    this.file = file;
    this.reason = reason;
  }
}
