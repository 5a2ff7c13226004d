import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { EventType, isDrawbridgeEvent, type RunEvent } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelScript } from '../models/script/model-script.ts';
import type { StoredMessage } from '../store/store.ts';
import {
  createThreadOver,
  durableRunId,
  firstToolCallEnd,
  postToolResult,
  type RenderToolServer,
  startRenderToolServer,
  startRun,
} from '../testing/render-tool-server.ts';

const tableArgs = {
  title: 'Languages',
  columns: [
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'year', label: 'Year', type: 'number' },
  ],
  rows: [
    { name: 'C', year: 1972 },
    { name: 'Rust', year: 2015 },
  ],
};

/** Prose, a render_table call, then (after the round trip) the follow-up the model writes. */
function tableScript(toolName = 'render_table', input: Record<string, unknown> = tableArgs): ModelScript {
  return {
    steps: [
      {
        parts: [
          { type: 'text', text: 'Here is the table you asked for.' },
          { type: 'tool-call', toolName, input },
        ],
      },
      { parts: [{ type: 'text', text: 'Rust is the youngest of the two.' }] },
    ],
  };
}

let server: RenderToolServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function messagesOver(url: string, threadId: string): Promise<StoredMessage[]> {
  const response = await fetch(`${url}/api/threads/${threadId}/messages`);
  return ((await response.json()) as { messages: StoredMessage[] }).messages;
}

function typesOf(events: RunEvent[]): string[] {
  return events.map((event) => event.type);
}

function toolResultContent(events: RunEvent[]): string | undefined {
  const result = events.find((event) => event.type === EventType.TOOL_CALL_RESULT);
  const content = (result as Extract<RunEvent, { type: EventType.TOOL_CALL_RESULT }> | undefined)?.content;
  return typeof content === 'string' ? content : undefined;
}

function textOf(events: RunEvent[]): string {
  return events
    .flatMap((event) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : []))
    .join('');
}

/** The tool results the model read in one prompt, as `kind: text`. */
function toolOutputsIn(prompt: LanguageModelV4Prompt): string[] {
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' && 'value' in part.output
            ? [`${part.output.type}: ${String(part.output.value)}`]
            : [],
        )
      : [],
  );
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('typed render tools over parked calls', () => {
  it('resumes the same run after the browser answers, and stores prose, widget and follow-up in order', async () => {
    server = await startRenderToolServer({ script: tableScript(), heartbeatIntervalMs: 20 });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table', runId: 'run-a' });
    const toolCallId = await firstToolCallEnd(run);
    expect(server.bridge.openCallCount()).toBe(1);
    // Stay parked until two heartbeats arrived after the call: the idle stream is kept alive while it waits.
    let afterToolEnd = false;
    let heartbeatsWhileWaiting = 0;
    await run.waitFor((event) => {
      if (event.type === EventType.TOOL_CALL_END) afterToolEnd = true;
      else if (afterToolEnd && event.type === EventType.CUSTOM && event.name === 'drawbridge.heartbeat')
        heartbeatsWhileWaiting += 1;
      return heartbeatsWhileWaiting >= 2;
    });
    expect(
      await postToolResult({
        url: server.url,
        threadId,
        toolCallId,
        message: 'Displayed the table to the user.',
      }),
    ).toEqual({ status: 200, body: { accepted: true } });
    await run.finished;

    const types = typesOf(run.events);
    expect(types.filter((type) => type === EventType.RUN_STARTED)).toHaveLength(1);
    expect(types.filter((type) => type === EventType.RUN_FINISHED)).toHaveLength(1);
    expect(types.at(-1)).toBe(EventType.RUN_FINISHED);
    expect(run.events.at(-1)).toMatchObject({ runId: 'run-a', threadId });
    const toolEnd = types.indexOf(EventType.TOOL_CALL_END);
    const toolResult = types.indexOf(EventType.TOOL_CALL_RESULT);
    // The server says it parked the call (after the arguments, before the answer); the browser waits for that.
    const parked = run.events.findIndex((event) => isDrawbridgeEvent(event, 'drawbridge.parked'));
    expect(run.events.filter((event) => isDrawbridgeEvent(event, 'drawbridge.parked'))).toEqual([
      { type: EventType.CUSTOM, name: 'drawbridge.parked', value: { toolCallId } },
    ]);
    expect(parked).toBeGreaterThan(toolEnd);
    expect(parked).toBeLessThan(toolResult);
    const heartbeatsWhileParked = run.events
      .slice(toolEnd, toolResult)
      .filter((event) => event.type === EventType.CUSTOM && event.name === 'drawbridge.heartbeat');
    expect(heartbeatsWhileParked.length).toBeGreaterThanOrEqual(2);
    expect(toolResultContent(run.events)).toBe('Displayed the table to the user.');
    expect(textOf(run.events.slice(0, toolEnd))).toBe('Here is the table you asked for.');
    expect(textOf(run.events.slice(toolResult))).toBe('Rust is the youngest of the two.');
    expect(server.bridge.openCallCount()).toBe(0);

    // A reload shows the same order as the live run: prose, the widget's carrier, the follow-up.
    const stored = await messagesOver(server.url, threadId);
    expect(stored.map((message) => [message.role, message.content, message.render?.tool])).toEqual([
      ['user', 'show me a table', undefined],
      ['assistant', 'Here is the table you asked for.', undefined],
      ['assistant', '', 'render_table'],
      ['assistant', 'Rust is the youngest of the two.', undefined],
    ]);
    expect(stored[2]).toMatchObject({ toolCallId, render: { tool: 'render_table', args: tableArgs } });
    const [runRecord] = await server.store.listRuns();
    expect(runRecord?.status).toBe('finished');

    // The model's second turn sees one assistant reply (both segments) and no carrier or tool call.
    const second = await startRun({ url: server.url, threadId, text: 'thanks', runId: 'run-b' });
    const secondToolCallId = await firstToolCallEnd(second);
    await postToolResult({ url: server.url, threadId, toolCallId: secondToolCallId });
    await second.finished;
    const secondTurnPrompt = server.prompts[2]!;
    expect(secondTurnPrompt.filter((message) => message.role !== 'system')).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'show me a table' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here is the table you asked for.' },
          { type: 'text', text: 'Rust is the youngest of the two.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ]);
  });

  it('tells the model when the browser never answers, and leaves no widget behind', async () => {
    server = await startRenderToolServer({ script: tableScript(), toolTimeoutMs: 80 });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table' });
    const toolCallId = await firstToolCallEnd(run);
    await run.finished;

    expect(toolResultContent(run.events)).toMatch(/^Error: The browser did not confirm the table in time/);
    expect(typesOf(run.events).at(-1)).toBe(EventType.RUN_FINISHED);
    expect(toolOutputsIn(server.prompts[1]!)).toEqual([
      expect.stringMatching(/^error-text: The browser did not confirm the table in time/),
    ]);
    // A late answer changes nothing.
    expect(await postToolResult({ url: server.url, threadId, toolCallId })).toMatchObject({
      status: 409,
      body: { error: { code: 'already_answered' } },
    });
    const stored = await messagesOver(server.url, threadId);
    expect(stored.some((message) => message.render !== undefined)).toBe(false);
    expect(server.bridge.openCallCount()).toBe(0);
  });

  it('keeps the call parked when the client disconnects: an answer still resumes the run', async () => {
    server = await startRenderToolServer({ script: tableScript() });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table' });
    const toolCallId = await firstToolCallEnd(run);
    run.disconnect();
    await run.finished;
    // A reload posts the answer from a new page: the run, not the connection, holds the call.
    expect(await postToolResult({ url: server.url, threadId, toolCallId })).toEqual({
      status: 200,
      body: { accepted: true },
    });
    const target = server;
    await waitUntil(async () => (await target.store.listRuns())[0]?.status === 'finished');
    const stored = await messagesOver(server.url, threadId);
    expect(stored.map((message) => message.content).at(-1)).toBe('Rust is the youngest of the two.');
  });

  it('cancels the parked call on POST /api/runs/:runId/cancel and saves the run as cancelled', async () => {
    server = await startRenderToolServer({ script: tableScript() });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table' });
    const toolCallId = await firstToolCallEnd(run);
    const runId = await durableRunId(run);
    expect(server.bridge.openCallCount()).toBe(1);
    const cancel = await fetch(`${server.url}/api/runs/${runId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(202);
    await run.finished;
    expect(run.events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, code: 'cancelled' });
    expect((await server.store.getRun(runId))?.status).toBe('cancelled');
    expect(server.bridge.openCallCount()).toBe(0);
    expect(await postToolResult({ url: server.url, threadId, toolCallId })).toMatchObject({ status: 409 });
    const stored = await messagesOver(server.url, threadId);
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'show me a table'],
      ['assistant', 'Here is the table you asked for.'],
    ]);
  });

  it.each([
    ['an unknown widget', 'There is no widget named render_table in this browser.'],
    ['arguments the browser refuses', 'Invalid render_table arguments: rows.0.year: expected a number'],
  ])('passes the browser refusal for %s to the model and stores no widget', async (_case, reason) => {
    server = await startRenderToolServer({ script: tableScript() });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table' });
    const toolCallId = await firstToolCallEnd(run);
    expect(
      await postToolResult({ url: server.url, threadId, toolCallId, status: 'error', message: reason }),
    ).toEqual({ status: 200, body: { accepted: true } });
    await run.finished;

    expect(toolResultContent(run.events)).toBe(`Error: ${reason}`);
    expect(toolOutputsIn(server.prompts[1]!)).toEqual([`error-text: ${reason}`]);
    const stored = await messagesOver(server.url, threadId);
    expect(stored.some((message) => message.render !== undefined)).toBe(false);
  });

  it('refuses arguments that fail the shared schema on the server, without parking', async () => {
    server = await startRenderToolServer({
      script: tableScript('render_image', { url: 'http://example.com/cat.png', alt: 'A cat' }),
    });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a picture' });
    // Nobody answers: the run can only finish because the call was never parked.
    await run.finished;

    expect(toolResultContent(run.events)).toBe(
      'Error: The call to render_image was refused: invalid_arguments: url: must be an absolute https: URL',
    );
    // Refused, so never parked: the browser is not asked to draw it.
    expect(run.events.filter((event) => isDrawbridgeEvent(event, 'drawbridge.parked'))).toEqual([]);
    expect(typesOf(run.events).at(-1)).toBe(EventType.RUN_FINISHED);
    expect(server.bridge.openCallCount()).toBe(0);
  });

  it('keeps a provider-reused call id apart in two threads running at once', async () => {
    const script = tableScript();
    const call = script.steps[0]?.parts[1];
    if (call?.type === 'tool-call') call.toolCallId = 'call_0';
    server = await startRenderToolServer({ script });
    const threads = [await createThreadOver(server.url), await createThreadOver(server.url)];
    const url = server.url;
    const runs = await Promise.all(
      threads.map((threadId) => startRun({ url, threadId, text: 'show me a table' })),
    );
    expect(await Promise.all(runs.map((run) => firstToolCallEnd(run)))).toEqual(['call_0', 'call_0']);
    for (const threadId of threads.toReversed()) {
      const message = `Displayed the table in ${threadId}.`;
      expect(
        await postToolResult({ url: server.url, threadId, toolCallId: 'call_0', message }),
      ).toMatchObject({
        status: 200,
      });
    }
    await Promise.all(runs.map((run) => run.finished));
    runs.forEach((run, index) => {
      expect(run.events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
      expect(toolResultContent(run.events)).toBe(`Displayed the table in ${threads[index]}.`);
    });
  });

  it('refuses a result posted twice, for a closed call or from another thread, changing nothing', async () => {
    server = await startRenderToolServer({ script: tableScript() });
    const threadId = await createThreadOver(server.url);
    const otherThreadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table' });
    const toolCallId = await firstToolCallEnd(run);

    expect(await postToolResult({ url: server.url, threadId: otherThreadId, toolCallId })).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_call' } },
    });
    expect(server.bridge.openCallCount()).toBe(1);
    expect(await postToolResult({ url: server.url, threadId, toolCallId })).toMatchObject({ status: 200 });
    await run.finished;
    const before = await messagesOver(server.url, threadId);

    expect(await postToolResult({ url: server.url, threadId, toolCallId })).toMatchObject({
      status: 409,
      body: { error: { code: 'already_answered' } },
    });
    expect(await postToolResult({ url: server.url, threadId: otherThreadId, toolCallId })).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_call' } },
    });
    expect(await postToolResult({ url: server.url, threadId, toolCallId: 'call_never_made' })).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_call' } },
    });
    expect(await messagesOver(server.url, threadId)).toEqual(before);
    expect(await messagesOver(server.url, otherThreadId)).toEqual([]);
    expect(before.filter((message) => message.render !== undefined)).toHaveLength(1);
  });

  it('ends the run with an AG-UI interrupt for the call when no browser can answer mid-run', async () => {
    server = await startRenderToolServer({ script: tableScript() });
    const threadId = await createThreadOver(server.url);
    const run = await startRun({ url: server.url, threadId, text: 'show me a table', clientTools: false });
    await run.finished;

    const toolCallId = (
      run.events.find((event) => event.type === EventType.TOOL_CALL_START) as { toolCallId: string }
    ).toolCallId;
    expect(toolResultContent(run.events)).toBeUndefined();
    expect(run.events.filter((event) => isDrawbridgeEvent(event, 'drawbridge.parked'))).toEqual([]);
    expect(run.events.at(-1)).toMatchObject({
      type: EventType.RUN_FINISHED,
      outcome: {
        type: 'interrupt',
        interrupts: [
          { id: toolCallId, toolCallId, reason: 'client_tool_call', responseSchema: expect.any(Object) },
        ],
      },
    });
    // The model did not go on: its follow-up waits for the answer.
    expect(textOf(run.events)).toBe('Here is the table you asked for.');
    expect(server.bridge.openCallCount()).toBe(0);
    const stored = await messagesOver(server.url, threadId);
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', toolCallId, render: { tool: 'render_table' } });
  });
});
