import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './mcp-config.ts';
import { McpConfigError } from './mcp-config-error.ts';
import { mcpToolName } from './mcp-tool-name.ts';
import { reconnectDelayMs } from './reconnect-backoff.ts';

const file = '/etc/drawbridge/mcp.json';

describe('parseMcpConfig', () => {
  it('reads stdio and Streamable HTTP entries of the common mcpServers format', () => {
    const text = JSON.stringify({
      mcpServers: {
        'basic-react': {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-basic-react', '--stdio'],
        },
        tickets: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
      },
    });
    expect(parseMcpConfig({ file, text })).toEqual([
      {
        name: 'basic-react',
        config: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-basic-react', '--stdio'],
          env: {},
        },
      },
      {
        name: 'tickets',
        config: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
      },
    ]);
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['no mcpServers', '{}', /mcpServers/],
    ['neither command nor url', '{"mcpServers":{"x":{"args":[]}}}', /mcpServers\.x/],
    ['a url that is not http', '{"mcpServers":{"x":{"url":"file:///etc/passwd"}}}', /http or https/],
    ['a name with the separator', '{"mcpServers":{"a__b":{"command":"x"}}}', /server name/],
  ])('refuses %s, naming the file', (_case, text, reason) => {
    expect(() => parseMcpConfig({ file, text })).toThrow(McpConfigError);
    expect(() => parseMcpConfig({ file, text })).toThrow(reason);
    expect(() => parseMcpConfig({ file, text })).toThrow(file);
  });
});

describe('mcpToolName', () => {
  it('prefixes the server and replaces what providers refuse', () => {
    expect(mcpToolName({ serverName: 'basic-react', toolName: 'get-time' })).toBe(
      'mcp__basic-react__get-time',
    );
    expect(mcpToolName({ serverName: 'files', toolName: 'fs.read file' })).toBe('mcp__files__fs_read_file');
    expect(mcpToolName({ serverName: 's', toolName: 'x'.repeat(100) })).toHaveLength(64);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from the first delay up to the cap', () => {
    const backoff = { initialDelayMs: 500, maxDelayMs: 4000 };
    expect([0, 1, 2, 3, 4, 50].map((attempt) => reconnectDelayMs({ attempt, backoff }))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});
