import { readFileSync } from 'node:fs';
import { describeSchemaError } from '@drawbridge/protocol';
import { z } from 'zod';
import { McpConfigError } from './mcp-config-error.ts';

/** A server Drawbridge starts itself and speaks to over its standard input and output. */
const stdioServerSchema = z.strictObject({
  command: z.string().min(1, 'a command is required'),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Where the process runs; default: Drawbridge's own working directory. */
  cwd: z.string().min(1).optional(),
});

/** A server already running somewhere, reached over Streamable HTTP. */
const httpServerSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' }),
  headers: z.record(z.string(), z.string()).default({}),
});

/**
 * Server names become part of tool names (`mcp__<server>__<tool>`) and of skill grants, so they are kept to
 * the characters every model provider accepts in a tool name, and `__` (the separator) cannot appear in one.
 */
const serverNamePattern = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
const serverNameMaxLength = 32;

/** The common `mcpServers` file format (Claude Desktop, VS Code, Cursor), with the entries Drawbridge uses. */
export const mcpConfigSchema = z.object({
  mcpServers: z
    .record(z.string(), z.union([stdioServerSchema, httpServerSchema]))
    .superRefine((servers, context) => {
      // Checked here rather than as the record's key schema, whose failure message would not say what fits.
      for (const name of Object.keys(servers)) {
        if (!serverNamePattern.test(name) || name.length > serverNameMaxLength) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `the server name "${name}" must be at most ${serverNameMaxLength} letters, digits, "-" and single "_"`,
          });
        }
      }
    }),
});

export type McpStdioServerConfig = z.infer<typeof stdioServerSchema>;
export type McpHttpServerConfig = z.infer<typeof httpServerSchema>;
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** One configured server, by name. */
export interface NamedMcpServerConfig {
  name: string;
  config: McpServerConfig;
}

/** Whether a server entry is started as a process (and not reached by URL). */
export function isStdioServerConfig(config: McpServerConfig): config is McpStdioServerConfig {
  return 'command' in config;
}

/** Parses the text of a config file; throws `McpConfigError` naming the file and the fault. */
export function parseMcpConfig({ file, text }: { file: string; text: string }): NamedMcpServerConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError({ file, reason: `not valid JSON: ${(error as Error).message}` });
  }
  const parsed = mcpConfigSchema.safeParse(json);
  if (!parsed.success) throw new McpConfigError({ file, reason: describeSchemaError(parsed.error) });
  return Object.entries(parsed.data.mcpServers).map(([name, config]) => ({ name, config }));
}

/** Reads `DRAWBRIDGE_MCP_CONFIG`; no setting means no servers. A file that is missing or malformed throws. */
export function readMcpConfig({ file }: { file: string | undefined }): NamedMcpServerConfig[] {
  if (file === undefined || file === '') return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new McpConfigError({ file, reason: `cannot be read: ${(error as Error).message}` });
  }
  return parseMcpConfig({ file, text });
}
