import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryAuditLog } from '../governance/audit-log.ts';
import { CallLimits } from '../governance/call-limits.ts';
import { governTools } from '../governance/govern-tools.ts';
import type { Skill } from '../skills/skill.ts';
import type { ToolContext } from '../tools/agent-tool.ts';
import { McpServers } from './mcp-servers.ts';
import { startFixtureHttpServer } from './testing/fixture-http-server.ts';

let fixture: Awaited<ReturnType<typeof startFixtureHttpServer>>;
let servers: McpServers;
beforeAll(async () => {
  fixture = await startFixtureHttpServer();
  servers = await McpServers.start({
    clientInfo: { name: 'drawbridge-test', version: '0' },
    servers: [{ name: 'notes', config: { url: fixture.url, headers: {} } }],
  });
});
afterAll(async () => {
  await servers.close();
  await fixture.close();
});

function skillGranting(...grants: string[]): Skill {
  return {
    name: 'widgets',
    description: 'd',
    allowedTools: new Set(grants),
    instructions: 'x',
    file: 'SKILL.md',
  };
}

function context(toolCallId: string): ToolContext {
  return {
    threadId: 'thr_1',
    runId: 'run_1',
    toolCallId,
    abortSignal: new AbortController().signal,
    clientAttached: true,
  };
}

describe('an MCP server’s tools in the governance chain', () => {
  it('offers what the skill grants, by wildcard or exact name, and never an app-only tool', () => {
    const limits = new CallLimits();
    const auditLog = new InMemoryAuditLog();
    const everything = governTools({
      tools: servers.modelTools(),
      skill: skillGranting('mcp__notes__*'),
      limits,
      auditLog,
    });
    expect(everything.offered.map((tool) => tool.name)).toEqual([
      'mcp__notes__echo',
      'mcp__notes__show-note',
    ]);
    const one = governTools({
      tools: servers.modelTools(),
      skill: skillGranting('mcp__notes__echo'),
      limits,
      auditLog,
    });
    expect(one.offered.map((tool) => tool.name)).toEqual(['mcp__notes__echo']);
  });

  it('validates against the server’s JSON Schema before the server is called, and audits both outcomes', async () => {
    const auditLog = new InMemoryAuditLog();
    const toolset = governTools({
      tools: servers.modelTools(),
      skill: skillGranting('mcp__notes__*'),
      limits: new CallLimits(),
      auditLog,
    });
    const echo = toolset.offered.find((tool) => tool.name === 'mcp__notes__echo')!;
    const refused = await echo.execute({ text: '' }, context('call_bad'));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/invalid_arguments: .*text/);
    expect(await echo.execute({ text: 'hello' }, context('call_good'))).toEqual({
      ok: true,
      output: 'echo: hello',
    });
    const entries = await auditLog.query();
    expect(entries.map((entry) => [entry.toolCallId, entry.tool, entry.outcome])).toEqual([
      ['call_good', 'mcp__notes__echo', 'ok'],
      ['call_bad', 'mcp__notes__echo', 'refused'],
    ]);
  });
});
