import { afterEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../tools/agent-tool.ts';
import type { NamedMcpServerConfig } from './mcp-config.ts';
import type { McpServerStatus } from './mcp-server-connection.ts';
import { McpServers } from './mcp-servers.ts';
import { startFixtureHttpServer } from './testing/fixture-http-server.ts';
import { fixtureStdioServer } from './testing/fixture-stdio-config.ts';
import { basicVanillaServer } from './testing/npm-mcp-app-servers.ts';

const clientInfo = { name: 'drawbridge-test', version: '0.0.0' };
const context: ToolContext = {
  threadId: 'thr_1',
  runId: 'run_1',
  toolCallId: 'call_1',
  abortSignal: new AbortController().signal,
  clientAttached: false,
};

function fixtureStdio(name: string, ...flags: string[]): NamedMcpServerConfig {
  return { name, config: fixtureStdioServer({ flags }) };
}

const opened: McpServers[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((servers) => servers.close()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start(options: Parameters<typeof McpServers.start>[0]): Promise<McpServers> {
  const servers = await McpServers.start(options);
  opened.push(servers);
  return servers;
}

describe('McpServers', () => {
  it('connects an npm MCP App server over stdio and offers its tool as mcp__<server>__<tool>', async () => {
    const servers = await start({
      clientInfo,
      servers: [{ name: 'basic-vanillajs', config: basicVanillaServer }],
    });
    const [tool] = servers.modelTools();
    expect(tool?.name).toBe('mcp__basic-vanillajs__get-time');
    expect(tool?.resourceUri).toBe('ui://get-time/mcp-app.html');
    const outcome = await tool!.execute({}, context);
    expect(outcome.ok && /^\d{4}-\d\d-\d\dT/.test(outcome.output)).toBe(true);
    expect(servers.unavailableNote()).toBe('');
  });

  it('reaches a Streamable HTTP server with the configured headers, and keeps app-only tools from the model', async () => {
    const fixture = await startFixtureHttpServer({ requiredHeader: ['authorization', 'Bearer test-token'] });
    closers.push(fixture.close);
    const servers = await start({
      clientInfo,
      servers: [
        { name: 'notes', config: { url: fixture.url, headers: { authorization: 'Bearer test-token' } } },
      ],
    });
    expect(servers.modelTools().map((tool) => tool.name)).toEqual([
      'mcp__notes__echo',
      'mcp__notes__show-note',
    ]);
    const refresh = servers.tools('notes').find(({ tool }) => tool.serverToolName === 'refresh-note');
    expect(refresh?.tool.name).toBe('mcp__notes__refresh-note');
    expect(refresh?.visibleToModel).toBe(false);
    const echo = servers.modelTools()[0]!;
    expect(await echo.execute({ text: 'hi' }, context)).toEqual({ ok: true, output: 'echo: hi' });
    // The server's JSON Schema is what our chain validates against.
    const refused = echo.inputSchema.safeParse({ text: 42 });
    expect(refused.success).toBe(false);
    expect(echo.inputJsonSchema).toMatchObject({ type: 'object', required: ['text'] });
  });

  it('names a server that fails at start-up with its reason, and starts without its tools', async () => {
    const logged: string[] = [];
    const servers = await start({
      clientInfo,
      servers: [fixtureStdio('broken', '--fail-at-start'), fixtureStdio('healthy')],
      backoff: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
      log: (message) => logged.push(message),
    });
    const broken = servers.summaries().find((summary) => summary.name === 'broken')?.status;
    expect(broken?.state).toBe('unavailable');
    expect(broken?.state === 'unavailable' && broken.reason).toContain('DATABASE_URL is not set');
    expect(logged.join('\n')).toMatch(/MCP server "broken" is unavailable: .*DATABASE_URL is not set/);
    expect(servers.modelTools().map((tool) => tool.name)).toContain('mcp__healthy__echo');
    expect(servers.modelTools().some((tool) => tool.name.startsWith('mcp__broken__'))).toBe(false);
    expect(servers.unavailableNote()).toMatch(/broken: .*DATABASE_URL is not set/);
  });

  it('reconnects a server that died, with backoff, and offers its tools again', async () => {
    const statuses: McpServerStatus['state'][] = [];
    let reconnected: () => void = () => {};
    const back = new Promise<void>((resolve) => {
      reconnected = resolve;
    });
    const servers = await start({
      clientInfo,
      servers: [fixtureStdio('flaky')],
      backoff: { initialDelayMs: 10, maxDelayMs: 100 },
      log: () => {},
      onStatus: (_name, status) => {
        statuses.push(status.state);
        if (status.state === 'connected' && statuses.includes('unavailable')) reconnected();
      },
    });
    expect(statuses).toEqual(['connected']);
    const crash = servers.modelTools().find((tool) => tool.name === 'mcp__flaky__crash')!;
    await crash.execute({}, context);
    await back;
    expect(statuses).toContain('unavailable');
    expect(servers.modelTools().map((tool) => tool.name)).toContain('mcp__flaky__echo');
    expect(await servers.modelTools()[0]!.execute({ text: 'again' }, context)).toEqual({
      ok: true,
      output: 'echo: again',
    });
  });
});
