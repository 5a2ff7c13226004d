import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Skill } from '../skills/skill.ts';
import type { AgentTool, ToolContext } from '../tools/agent-tool.ts';
import { argumentsDigest } from './arguments-digest.ts';
import { InMemoryAuditLog } from './audit-log.ts';
import { CallLimits } from './call-limits.ts';
import { governTools } from './govern-tools.ts';

function recordingTool(name: string) {
  const calls: unknown[] = [];
  const tool: AgentTool<{ metric: string }> = {
    name,
    description: `${name} for tests`,
    inputSchema: z.object({ metric: z.string().min(1) }),
    async execute(input) {
      calls.push(input);
      return input.metric === 'broken'
        ? { ok: false, error: 'no such data' }
        : { ok: true, output: `did ${input.metric}` };
    },
  };
  return { tool: tool as AgentTool, calls };
}

const skill: Skill = {
  name: 'dashboard',
  description: 'd',
  allowedTools: new Set(['list_metrics']),
  instructions: 'x',
  file: '/skills/dashboard/SKILL.md',
};

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    threadId: 't1',
    runId: 'r1',
    owner: { userId: 'local', isAdmin: true },
    toolCallId: `c${Math.random()}`,
    abortSignal: new AbortController().signal,
    clientAttached: true,
    ...overrides,
  };
}

function setup(limits = new CallLimits({ callsPerRun: 3, callsPerThreadWindow: 4, windowMs: 60_000 })) {
  const granted = recordingTool('list_metrics');
  const ungranted = recordingTool('render_form');
  const auditLog = new InMemoryAuditLog();
  let now = Date.parse('2026-11-30T10:00:00Z');
  const toolset = governTools({
    tools: [granted.tool, ungranted.tool],
    skill,
    limits,
    auditLog,
    clock: () => {
      now += 5;
      return new Date(now);
    },
  });
  return { toolset, granted, ungranted, auditLog };
}

describe('governTools', () => {
  it('offers only the tools the skill grants', () => {
    expect(setup().toolset.offered.map((tool) => tool.name)).toEqual(['list_metrics']);
  });

  it('executes an allowed call and audits it with digest, outcome and duration', async () => {
    const { toolset, granted, auditLog } = setup();
    const outcome = await toolset.offered[0]!.execute({ metric: 'runs' }, context({ toolCallId: 'call-1' }));
    expect(outcome).toEqual({ ok: true, output: 'did runs' });
    expect(granted.calls).toEqual([{ metric: 'runs' }]);
    const [entry] = await auditLog.query();
    expect(entry).toMatchObject({
      actor: 'dashboard',
      threadId: 't1',
      runId: 'r1',
      toolCallId: 'call-1',
      tool: 'list_metrics',
      outcome: 'ok',
      reason: null,
      argumentsDigest: argumentsDigest({ metric: 'runs' }),
    });
    expect(entry!.durationMs).toBeGreaterThan(0);
  });

  it('refuses and audits a call of a tool that was not offered, without executing it', async () => {
    const { toolset, ungranted, auditLog } = setup();
    const outcome = await toolset.refuse({
      toolName: 'render_form',
      input: { metric: 'x' },
      context: context(),
    });
    expect(outcome.ok).toBe(false);
    expect(ungranted.calls).toEqual([]);
    expect(await auditLog.query()).toMatchObject([{ tool: 'render_form', outcome: 'refused' }]);
  });

  it('refuses a call of an offered tool that the SDK rejected for its arguments as invalid_arguments', async () => {
    const { toolset, granted, auditLog } = setup();
    const outcome = await toolset.refuse({
      toolName: 'list_metrics',
      input: { metric: '' },
      context: context(),
    });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('invalid_arguments: metric') });
    expect(granted.calls).toEqual([]);
    expect(await auditLog.query()).toMatchObject([
      { tool: 'list_metrics', outcome: 'refused', reason: expect.stringMatching(/^invalid_arguments: /) },
    ]);
  });

  it('refuses invalid arguments before they reach the tool, naming the field', async () => {
    const { toolset, granted, auditLog } = setup();
    const outcome = await toolset.offered[0]!.execute({ metric: '' }, context());
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('invalid_arguments: metric') });
    expect(granted.calls).toEqual([]);
    expect((await auditLog.query())[0]?.outcome).toBe('refused');
  });

  it('trips the per-run budget and says why', async () => {
    const { toolset, granted, auditLog } = setup();
    const tool = toolset.offered[0]!;
    for (let call = 0; call < 3; call++)
      expect((await tool.execute({ metric: 'runs' }, context())).ok).toBe(true);
    const outcome = await tool.execute({ metric: 'runs' }, context());
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('3 tool calls (the budget is 3 per run)'),
    });
    expect(granted.calls).toHaveLength(3);
    expect((await auditLog.query()).map((entry) => entry.outcome)).toEqual(['refused', 'ok', 'ok', 'ok']);
  });

  it('trips the per-thread rate across runs and says why', async () => {
    const { toolset } = setup();
    const tool = toolset.offered[0]!;
    for (let run = 0; run < 4; run++)
      await tool.execute({ metric: 'runs' }, context({ runId: `run-${run}` }));
    const outcome = await tool.execute({ metric: 'runs' }, context({ runId: 'run-9' }));
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('in the last 60 s (the limit is 4)'),
    });
  });

  it("audits a tool's own failure as an error and a thrown exception as an error answer", async () => {
    const { toolset, auditLog } = setup();
    const outcome = await toolset.offered[0]!.execute({ metric: 'broken' }, context());
    expect(outcome).toEqual({ ok: false, error: 'no such data' });
    expect((await auditLog.query())[0]).toMatchObject({ outcome: 'error', reason: 'no such data' });

    const throwing: AgentTool = {
      ...recordingTool('list_metrics').tool,
      execute: () => Promise.reject(new Error('boom')),
    };
    const governed = governTools({ tools: [throwing], skill, limits: new CallLimits(), auditLog })
      .offered[0]!;
    expect(await governed.execute({ metric: 'a' }, context())).toEqual({
      ok: false,
      error: 'The tool list_metrics failed: boom',
    });
  });
});
