import {
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  isDrawbridgeActivity,
  type ReplyMessage,
  type RunEvent,
  replySegments,
  widgetActivityChanges,
} from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelScript } from '../models/script/model-script.ts';
import {
  barChartScript,
  failingTestModel,
  observeAbort,
  scriptedTestModel,
  streamingOnlyTestModel,
} from '../models/testing/test-models.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
import { type AgentRunResult, type RunAgentOptions, runAgent } from './run-agent.ts';

const history: ModelMessage[] = [{ role: 'user', content: 'show me sign-ups' }];

function sequentialIds(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

async function collectRun(
  options: Partial<RunAgentOptions> & Pick<RunAgentOptions, 'model'>,
): Promise<{ events: RunEvent[]; result: AgentRunResult }> {
  const events: RunEvent[] = [];
  const result = await runAgent({
    system: 'test',
    history,
    abortSignal: new AbortController().signal,
    threadId: 'thread-1',
    runId: 'run-1',
    owner: { userId: 'local', isAdmin: true },
    ids: sequentialIds(),
    emit: (event) => events.push(event),
    ...options,
  });
  return { events, result };
}

function textOf(events: RunEvent[]): string {
  return events
    .flatMap((event) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : []))
    .join('');
}

/** The reply's prose, all of it, as one string. */
function proseOf(reply: ReplyMessage): string {
  return reply.parts.flatMap((part) => (part.kind === 'prose' ? [part.text] : [])).join('');
}

/** The widget parts the events carry, in order, each with the id of its widget. */
function widgetParts(events: RunEvent[]): { part: string; delta: string; widgetId: string }[] {
  return events.flatMap((event) =>
    isDrawbridgeActivity(event, 'drawbridge.widget')
      ? widgetActivityChanges(event).parts.map((part) => ({ ...part, widgetId: event.messageId }))
      : [],
  );
}

const echoTool: AgentTool<{ word: string }> = {
  name: 'echo',
  description: 'Repeats a word.',
  inputSchema: z.object({ word: z.string() }),
  execute: async (input, context) =>
    input.word === 'fail'
      ? { ok: false, error: 'the word "fail" is not allowed' }
      : { ok: true, output: `echo ${input.word} (client attached: ${context.clientAttached})` },
};

function toolScript(word: string): ModelScript {
  return {
    steps: [
      {
        parts: [
          { type: 'text', text: 'Let me check. ' },
          { type: 'tool-call', toolName: 'echo', input: { word } },
        ],
      },
      { parts: [{ type: 'text', text: 'Done checking.' }] },
    ],
  };
}

describe('runAgent', () => {
  it('streams prose and widget parts in order, and returns the reply those events fold into', async () => {
    const { events, result } = await collectRun({ model: scriptedTestModel({ script: barChartScript() }) });

    expect(events.slice(0, 3).map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.CUSTOM,
      EventType.TEXT_MESSAGE_START,
    ]);
    expect(events.at(-2)?.type).toBe(EventType.TEXT_MESSAGE_END);
    expect(events.at(-1)).toEqual({ type: EventType.RUN_FINISHED, threadId: 'thread-1', runId: 'run-1' });

    const parts = widgetParts(events);
    expect(new Set(parts.map((part) => part.widgetId)).size).toBe(1);
    expect(parts.at(-1)?.part).toBe('end');
    const partOrder = [...new Set(parts.map((part) => part.part))];
    expect(partOrder).toEqual(['height', 'css', 'html', 'js', 'end']);

    expect(result.status).toBe('finished');
    // The reply is what the protocol's reducer makes of the run's events: nothing the server keeps apart.
    expect(result.reply).toEqual(events.reduce(applyReplyEvent, emptyReplyMessage(result.reply.id)));
    expect(result.reply.parts.map((part) => part.kind)).toEqual(['prose', 'widget', 'prose']);
    expect(proseOf(result.reply)).toBe(textOf(events));
    // Prose and widget, then the prose after the widget: stored in that order, so a reload keeps it below.
    const [chart, after] = replySegments(result.reply);
    expect(chart?.id).toBe(result.reply.id);
    expect(chart?.content).toContain('monthly sign-ups');
    expect(after?.content).toContain('August with 91');
    expect(after?.widget).toBeUndefined();
    expect(chart?.widget).toMatchObject({ height: 360, complete: true, id: parts[0]?.widgetId });
    expect(chart?.widget?.html).toContain('<section class="chart"');
    expect(chart?.widget?.js).toContain("addEventListener('mouseenter'");
    expect(result.inputTokens).toBeGreaterThan(0);
    expect(result.outputTokens).toBeGreaterThan(0);
  });

  it('relays a tool call, returns its result to the model and plays the next step', async () => {
    const repliesBeforeCalls: ReplyMessage[] = [];
    const eventCountAtCall: number[] = [];
    const events: RunEvent[] = [];
    const { result } = await collectRun({
      model: scriptedTestModel({ script: toolScript('hello') }),
      tools: [echoTool as AgentTool],
      clientAttached: true,
      emit: (event) => events.push(event),
      beforeToolCall: async (reply) => {
        repliesBeforeCalls.push(reply);
        eventCountAtCall.push(events.length);
      },
    });
    const types = events.map((event) => event.type);
    const start = types.indexOf(EventType.TOOL_CALL_START);
    expect(start).toBeGreaterThan(-1);
    expect(types.indexOf(EventType.TOOL_CALL_END)).toBeGreaterThan(start);
    const toolStart = events[start] as Extract<RunEvent, { type: EventType.TOOL_CALL_START }>;
    expect(toolStart.toolCallName).toBe('echo');
    expect(toolStart.parentMessageId).toBe(result.reply.id);
    // The reply so far is handed over before the call is announced, so it can be stored first.
    expect(repliesBeforeCalls).toEqual([
      { id: result.reply.id, parts: [{ kind: 'prose', text: 'Let me check. ' }] },
    ]);
    expect(eventCountAtCall[0]).toBeLessThanOrEqual(start);
    const args = events
      .flatMap((event) => (event.type === EventType.TOOL_CALL_ARGS ? [event.delta] : []))
      .join('');
    expect(JSON.parse(args)).toEqual({ word: 'hello' });
    const toolResult = events.find((event) => event.type === EventType.TOOL_CALL_RESULT);
    expect(toolResult).toMatchObject({
      toolCallId: toolStart.toolCallId,
      content: 'echo hello (client attached: true)',
    });
    expect(textOf(events)).toBe('Let me check. Done checking.');
    expect(result.reply.parts.map((part) => part.kind)).toEqual(['prose', 'tool-call', 'prose']);
    expect(replySegments(result.reply).map((segment) => segment.content)).toEqual([
      'Let me check. ',
      'Done checking.',
    ]);
    expect(result.status).toBe('finished');
  });

  it('hands a failed tool outcome back as error text and keeps going', async () => {
    const { events, result } = await collectRun({
      model: scriptedTestModel({ script: toolScript('fail') }),
      tools: [echoTool as AgentTool],
    });
    const toolResult = events.find((event) => event.type === EventType.TOOL_CALL_RESULT);
    expect(toolResult).toMatchObject({ content: 'Error: the word "fail" is not allowed' });
    expect(result.status).toBe('finished');
    expect(proseOf(result.reply)).toContain('Done checking.');
  });

  it('reports a provider failure as RUN_ERROR with one clear line and no stack', async () => {
    const { events, result } = await collectRun({
      model: failingTestModel('upstream is down'),
      maxRetries: 0,
    });
    const last = events.at(-1);
    expect(last?.type).toBe(EventType.RUN_ERROR);
    const message = (last as { message: string }).message;
    expect(message).toBe('The model call failed: upstream is down');
    expect(message).not.toContain('at someProviderInternals');
    expect(events.at(-2)?.type).toBe(EventType.TEXT_MESSAGE_END);
    expect(result).toMatchObject({ status: 'error', error: message });
    expect(result.reply.parts).toEqual([]);
  });

  it('ends with RUN_ERROR naming what the model sent that the run cannot show, keeping the text before it', async () => {
    const model = streamingOnlyTestModel({
      id: 'file-maker',
      hint: 'A model that replies with an image file.',
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Here is a picture:' });
            controller.enqueue({
              type: 'file',
              mediaType: 'image/png',
              data: { type: 'data', data: 'iVBORw0KGgo=' },
            });
            controller.close();
          },
        }),
      }),
    });
    const { events, result } = await collectRun({ model });
    const message =
      'The model call failed: The model replied with a file (image/png), which Drawbridge cannot show.';
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ type: EventType.TEXT_MESSAGE_END }),
      expect.objectContaining({ type: EventType.RUN_ERROR, code: 'model_error', message }),
    ]);
    expect(textOf(events)).toBe('Here is a picture:');
    expect(result).toMatchObject({ status: 'error', error: message });
    expect(proseOf(result.reply)).toBe('Here is a picture:');
  });

  it('stops the model when aborted and returns the partial reply', async () => {
    const served = scriptedTestModel({ script: barChartScript(), tokensPerSecond: 400 });
    const observed = observeAbort(served.model as Parameters<typeof observeAbort>[0]);
    const controller = new AbortController();
    const events: RunEvent[] = [];
    const running = runAgent({
      model: { ...served, model: observed.model },
      system: 'test',
      history,
      abortSignal: controller.signal,
      threadId: 'thread-1',
      runId: 'run-1',
      owner: { userId: 'local', isAdmin: true },
      emit: (event) => {
        events.push(event);
        if (widgetParts(events).some((part) => part.part === 'html')) controller.abort();
      },
    });
    const result = await running;
    await expect(observed.aborted).resolves.toBeTypeOf('number');
    expect(result.status).toBe('aborted');
    const [partial] = replySegments(result.reply);
    expect(partial?.content).toContain('monthly sign-ups');
    expect(partial?.widget?.complete).toBe(false);
    expect(partial?.widget?.html.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, code: 'aborted' });
  });
});
