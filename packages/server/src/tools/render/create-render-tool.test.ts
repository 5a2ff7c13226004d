import { findRenderTool, renderToolDefinitions } from '@drawbridge/protocol';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryClientToolBridge } from '../../bridge/in-memory-client-tool-bridge.ts';
import { InMemoryAuditLog } from '../../governance/audit-log.ts';
import { CallLimits } from '../../governance/call-limits.ts';
import { governTools } from '../../governance/govern-tools.ts';
import type { Skill } from '../../skills/skill.ts';
import type { ToolContext } from '../agent-tool.ts';
import { createRenderTools } from './render-tools.ts';

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    threadId: 't1',
    runId: 'r1',
    owner: { userId: 'local', isAdmin: true },
    toolCallId: 'call-1',
    abortSignal: new AbortController().signal,
    clientAttached: true,
    announceParked: () => {},
    ...overrides,
  };
}

const chatSkill: Skill = {
  name: 'chat',
  description: 'c',
  allowedTools: new Set(renderToolDefinitions.map((definition) => definition.name)),
  instructions: 'x',
  file: '/skills/chat/SKILL.md',
};

/** The render tools on their own (`tool`), and as every run offers them, inside the governance chain (`governed`). */
function tools(timeoutMs = 60_000) {
  const bridge = new InMemoryClientToolBridge();
  const renderTools = createRenderTools({ bridge, timeoutMs });
  const { offered } = governTools({
    tools: renderTools,
    skill: chatSkill,
    limits: new CallLimits({ callsPerRun: 100, callsPerThreadWindow: 100, windowMs: 60_000 }),
    auditLog: new InMemoryAuditLog(),
  });
  const byName = new Map(renderTools.map((tool) => [tool.name, tool]));
  const governedByName = new Map(offered.map((tool) => [tool.name, tool]));
  return {
    bridge,
    tool: (name: string) => byName.get(name)!,
    governed: (name: string) => governedByName.get(name)!,
  };
}

const image = { url: 'https://example.com/cat.png', alt: 'A cat' };

describe('render tools', () => {
  it('parks the call, says so, and returns the browser acknowledgement as the output', async () => {
    const { bridge, tool } = tools();
    const parkedWhileOpen: number[] = [];
    const pending = tool('render_image').execute(
      image,
      context({ announceParked: () => parkedWhileOpen.push(bridge.openCallCount()) }),
    );
    await Promise.resolve();
    // Announced once, and only after the call was open, so an answer it prompts finds the call.
    expect(parkedWhileOpen).toEqual([1]);
    expect(
      bridge.answer({
        threadId: 't1',
        toolCallId: 'call-1',
        result: { status: 'rendered', message: 'Displayed the image.' },
      }),
    ).toMatchObject({ status: 'accepted', call: { toolName: 'render_image', args: image } });
    expect(await pending).toEqual({ ok: true, output: 'Displayed the image.' });
  });

  it("passes the browser's refusal back to the model", async () => {
    const { bridge, tool } = tools();
    const pending = tool('render_table').execute(
      { columns: [{ key: 'a', label: 'A', type: 'string' }], rows: [] },
      context(),
    );
    await Promise.resolve();
    bridge.answer({
      threadId: 't1',
      toolCallId: 'call-1',
      result: { status: 'error', message: 'rows: too wide' },
    });
    expect(await pending).toEqual({ ok: false, error: 'rows: too wide' });
  });

  it('fails at once, without parking, when no browser is attached', async () => {
    const { bridge, tool } = tools();
    for (const name of ['render_image', 'render_form', 'render_table', 'render_chart']) {
      const outcome = await tool(name).execute({}, context({ clientAttached: false }));
      expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('No browser is attached') });
    }
    expect(bridge.openCallCount()).toBe(0);
  });

  it('refuses invalid arguments before parking, naming the field, and announces nothing', async () => {
    const { bridge, governed } = tools();
    const announceParked = vi.fn();
    const outcome = await governed('render_image').execute(
      { url: 'javascript:alert(1)', alt: 'x' },
      context({ announceParked }),
    );
    expect(outcome).toEqual({
      ok: false,
      error: 'The call to render_image was refused: invalid_arguments: url: must be an absolute https: URL',
    });
    expect(bridge.openCallCount()).toBe(0);
    expect(announceParked).not.toHaveBeenCalled();
  });

  it('parses the arguments once on their way to the bridge', async () => {
    const { bridge, governed } = tools();
    const parse = vi.spyOn(findRenderTool('render_image')!.schema, 'safeParse');
    try {
      const pending = governed('render_image').execute(image, context());
      await Promise.resolve();
      bridge.answer({
        threadId: 't1',
        toolCallId: 'call-1',
        result: { status: 'rendered', message: 'Displayed the image.' },
      });
      expect(await pending).toEqual({ ok: true, output: 'Displayed the image.' });
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('interrupts the run instead of parking when the client answers only in its next run', async () => {
    const { bridge, tool } = tools();
    const interrupt = vi.fn();
    const announceParked = vi.fn();
    const outcome = await tool('render_image').execute(
      image,
      context({ clientAttached: false, interrupt, announceParked }),
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(interrupt).toHaveBeenCalledTimes(1);
    expect(announceParked).not.toHaveBeenCalled();
    expect(bridge.openCallCount()).toBe(0);
  });

  it('refuses invalid arguments before interrupting, too', async () => {
    const { governed } = tools();
    const interrupt = vi.fn();
    const outcome = await governed('render_image').execute(
      { url: 'http://example.com/cat.png', alt: 'x' },
      context({ clientAttached: false, interrupt }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('render_image was refused: invalid_arguments: url:'),
    });
    expect(interrupt).not.toHaveBeenCalled();
  });

  it('tells the model when the browser never answered', async () => {
    vi.useFakeTimers();
    try {
      const { tool } = tools(1_000);
      const pending = tool('render_chart').execute(
        { title: 'T', kind: 'bar', labels: ['a'], series: [{ name: 's', values: [1] }] },
        context(),
      );
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await pending).toMatchObject({
        ok: false,
        error: expect.stringContaining('did not confirm the chart in time'),
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up when the run is cancelled', async () => {
    const { tool } = tools();
    const run = new AbortController();
    const pending = tool('render_form').execute(
      { fields: [{ name: 'a', label: 'A', type: 'text' }] },
      context({ abortSignal: run.signal }),
    );
    run.abort();
    expect(await pending).toMatchObject({ ok: false, error: expect.stringContaining('cancelled') });
  });
});
