/** A `DRAWBRIDGE_MCP_CONFIG` file that cannot be used; raised at start-up, naming the file and the fault. */
export class McpConfigError extends Error {
  override readonly name = 'McpConfigError';
  readonly code = 'mcp_config_invalid';
  readonly file: string;
  readonly reason: string;

  constructor({ file, reason }: { file: string; reason: string }) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
  }
}
