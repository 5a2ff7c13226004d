import { HttpAgent } from '@ag-ui/client';
import { EventType } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelScript } from '../models/script/model-script.ts';
import {
  createThreadOver,
  type RenderToolServer,
  startRenderToolServer,
} from '../testing/render-tool-server.ts';

const tableArgs = {
  columns: [{ key: 'name', label: 'Name', type: 'string' }],
  rows: [{ name: 'Ada' }],
};

const script: ModelScript = {
  steps: [
    {
      parts: [
        { type: 'text', text: 'Here is the table.' },
        { type: 'tool-call', toolName: 'render_table', input: tableArgs },
      ],
    },
    { parts: [{ type: 'text', text: 'Ada is the only row.' }] },
  ],
};

/** How a stock AG-UI client declares a frontend tool: a name, a description and a JSON schema. */
const renderTableDeclaration = {
  name: 'render_table',
  description: 'Draws a table in the client.',
  parameters: { type: 'object', properties: {} },
};

let server: RenderToolServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('AG-UI frontend tools (a stock client without the parked-call bridge)', () => {
  it('ends the run with the pending call, then continues from the tool message of the next run', async () => {
    server = await startRenderToolServer({ script });
    // A stock client picks its own fresh thread id and runs at once: no Drawbridge-only call first.
    const threadId = `fresh-${crypto.randomUUID()}`;
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });
    const seen: string[] = [];
    const finished: { outcome: string; pendingToolCallIds?: string[] }[] = [];
    const subscriber = {
      onEvent: ({ event }: { event: { type: string } }) => {
        seen.push(event.type);
      },
      onRunFinishedEvent: (params: { outcome: string; pendingToolCallIds?: string[] }) => {
        finished.push({ outcome: params.outcome, pendingToolCallIds: params.pendingToolCallIds ?? [] });
      },
    };

    agent.addMessage({ id: 'user-1', role: 'user', content: 'show me a table' });
    await agent.runAgent({ tools: [renderTableDeclaration] }, subscriber);

    // Arguments stream in several TOOL_CALL_ARGS; one entry per kind is enough to check the order.
    const toolEvents = seen.filter(
      (type, index) => (type.startsWith('TOOL_CALL') || type.startsWith('RUN_')) && type !== seen[index - 1],
    );
    expect(toolEvents).toEqual([
      EventType.RUN_STARTED,
      EventType.TOOL_CALL_START,
      EventType.TOOL_CALL_ARGS,
      EventType.TOOL_CALL_END,
      EventType.RUN_FINISHED,
    ]);
    expect(server.bridge.openCallCount()).toBe(0);
    expect(finished.at(-1)).toMatchObject({ outcome: 'success', pendingToolCallIds: [expect.any(String)] });
    const assistant = agent.messages.find((message) => message.role === 'assistant');
    const toolCall = assistant?.role === 'assistant' ? assistant.toolCalls?.[0] : undefined;
    expect(toolCall?.function.name).toBe('render_table');
    expect(JSON.parse(toolCall?.function.arguments ?? '{}')).toEqual(tableArgs);
    expect(await server.store.getThread(threadId)).toMatchObject({ id: threadId, title: 'show me a table' });
    const afterFirstRun = await server.store.listMessages(threadId);
    expect(afterFirstRun.map((message) => [message.role, message.content, message.toolCallId])).toEqual([
      ['user', 'show me a table', undefined],
      ['assistant', 'Here is the table.', undefined],
      ['assistant', '', toolCall?.id],
    ]);
    // Executed by the client, but still granted, counted and audited like any other call.
    expect(await server.telemetry.query({ tool: 'render_table' })).toMatchObject([
      { toolCallId: toolCall?.id, outcome: 'ok', reason: 'executed by the client (AG-UI frontend tool)' },
    ]);

    // The client draws the table itself and answers as AG-UI prescribes: a tool message, then a new run.
    agent.addMessage({
      id: 'tool-1',
      role: 'tool',
      toolCallId: toolCall?.id ?? '',
      content: 'Displayed the table.',
    });
    // A tool message for a call this thread never made is ignored.
    agent.addMessage({ id: 'tool-2', role: 'tool', toolCallId: 'call_from_elsewhere', content: 'Nope.' });
    seen.length = 0;
    await agent.runAgent({ tools: [renderTableDeclaration] }, subscriber);
    expect(seen.at(-1)).toBe(EventType.RUN_FINISHED);

    const continuation = server.prompts.at(-1)!.filter((message) => message.role !== 'system');
    expect(continuation).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'show me a table' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here is the table.' },
          { type: 'tool-call', toolCallId: toolCall?.id, toolName: 'render_table', input: tableArgs },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: toolCall?.id,
            toolName: 'render_table',
            output: { type: 'text', value: 'Displayed the table.' },
          },
        ],
      },
    ]);
    const finalAssistant = agent.messages.findLast((message) => message.role === 'assistant');
    expect(finalAssistant?.content).toBe('Ada is the only row.');

    // The client resends its whole transcript next turn; the old tool message is not stored twice.
    agent.addMessage({ id: 'user-2', role: 'user', content: 'thanks' });
    await agent.runAgent({ tools: [renderTableDeclaration] });
    const stored = await server.store.listMessages(threadId);
    expect(stored.filter((message) => message.role === 'tool')).toHaveLength(1);
    expect(stored.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
      'show me a table',
      'thanks',
    ]);
  });

  it('ends the run with an interrupt for an undeclared render call, and continues from resume[]', async () => {
    server = await startRenderToolServer({ script });
    const threadId = await createThreadOver(server.url);
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });
    const outcomes: string[] = [];
    const subscriber = {
      onRunFinishedEvent: ({ outcome }: { outcome: string }) => {
        outcomes.push(outcome);
      },
    };
    agent.addMessage({ id: 'user-1', role: 'user', content: 'show me a table' });
    // No frontend tool declared and no parked-call bridge: the server cannot wait mid-run, so it interrupts.
    await agent.runAgent({}, subscriber);

    expect(outcomes).toEqual(['interrupt']);
    const [interrupt] = agent.pendingInterrupts;
    const assistant = agent.messages.find((message) => message.role === 'assistant' && message.toolCalls);
    const toolCall = assistant?.role === 'assistant' ? assistant.toolCalls?.[0] : undefined;
    expect(toolCall?.function.name).toBe('render_table');
    expect(JSON.parse(toolCall?.function.arguments ?? '{}')).toEqual(tableArgs);
    expect(interrupt).toMatchObject({
      id: toolCall?.id,
      toolCallId: toolCall?.id,
      reason: 'client_tool_call',
    });
    expect(server.bridge.openCallCount()).toBe(0);
    // Validated and audited like a parked call before the run ended for it.
    expect(await server.telemetry.query({ tool: 'render_table' })).toMatchObject([
      { toolCallId: toolCall?.id, outcome: 'ok' },
    ]);

    await agent.runAgent(
      {
        resume: [
          {
            interruptId: interrupt?.id ?? '',
            status: 'resolved',
            payload: { status: 'rendered', message: 'Displayed the table.' },
          },
        ],
      },
      subscriber,
    );
    expect(outcomes).toEqual(['interrupt', 'success']);
    expect(agent.pendingInterrupts).toEqual([]);
    const continuation = server.prompts.at(-1)!.filter((message) => message.role !== 'system');
    expect(continuation.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: toolCall?.id,
          toolName: 'render_table',
          output: { type: 'text', value: 'Displayed the table.' },
        },
      ],
    });
    expect(agent.messages.findLast((message) => message.role === 'assistant')?.content).toBe(
      'Ada is the only row.',
    );
    const stored = await server.store.listMessages(threadId);
    expect(stored.filter((message) => message.role === 'user')).toHaveLength(1);
  });

  it('refuses a resume[] that answers no open call of the thread', async () => {
    server = await startRenderToolServer({ script });
    const threadId = await createThreadOver(server.url);
    const response = await fetch(`${server.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        threadId,
        runId: 'run-1',
        messages: [{ id: 'u1', role: 'user', content: 'hi' }],
        resume: [{ interruptId: 'call_unknown', status: 'cancelled' }],
      }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('nothing_to_continue');
  });

  it('refuses a continuation whose tool messages answer nothing open', async () => {
    server = await startRenderToolServer({ script });
    const threadId = await createThreadOver(server.url);
    const response = await fetch(`${server.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        threadId,
        runId: 'run-1',
        messages: [
          { id: 'u1', role: 'user', content: 'hi' },
          { id: 't1', role: 'tool', toolCallId: 'call_unknown', content: 'done' },
        ],
        tools: [],
        context: [],
      }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('nothing_to_continue');
    expect(await server.store.listMessages(threadId)).toEqual([]);
  });

  it('keeps using the bridge when the client says it can answer parked calls', async () => {
    server = await startRenderToolServer({ script, toolTimeoutMs: 50 });
    const threadId = await createThreadOver(server.url);
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });
    agent.addMessage({ id: 'user-1', role: 'user', content: 'show me a table' });
    const results: string[] = [];
    await agent.runAgent(
      { tools: [renderTableDeclaration], forwardedProps: { drawbridge: { clientTools: true } } },
      {
        onToolCallResultEvent: ({ event }) => {
          results.push(typeof event.content === 'string' ? event.content : JSON.stringify(event.content));
        },
      },
    );
    // Parked, nobody answered in time: the bridge path, not a pending frontend call.
    expect(results).toEqual([expect.stringContaining('did not confirm the table in time')]);
    const stored = await server.store.listMessages(threadId);
    expect(stored.some((message) => message.toolCallId !== undefined)).toBe(false);
  });
});
