import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { APICallError, type ModelMessage, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AgentStepPart, streamAgentSteps } from './stream-agent-steps.ts';
import { UnsupportedModelOutputError } from './unsupported-model-output-error.ts';

const usage = (input: number, output: number, cacheRead?: number) => ({
  inputTokens: {
    total: input,
    noCache: input - (cacheRead ?? 0),
    cacheRead,
    cacheWrite: undefined,
  },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/** A model that answers its n-th call with the n-th list of parts and records every prompt it was sent. */
function stepModel(steps: LanguageModelV4StreamPart[][], failures: Error[] = []) {
  const prompts: LanguageModelV4CallOptions['prompt'][] = [];
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'test',
    modelId: 'steps',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('streaming only');
    },
    doStream: async (options) => {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
      prompts.push(options.prompt);
      const parts = steps[prompts.length - 1] ?? [];
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
  return { model, prompts };
}

const finish = (
  reason: 'stop' | 'tool-calls',
  input = 10,
  output = 5,
  cacheRead?: number,
): LanguageModelV4StreamPart => ({
  type: 'finish',
  usage: usage(input, output, cacheRead),
  finishReason: { unified: reason, raw: reason },
});

const text = (id: string, delta: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta },
  { type: 'text-end', id },
];

const echoCall = (toolCallId: string, word: string, toolName = 'echo'): LanguageModelV4StreamPart => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify({ word }),
});

const echoTools: ToolSet = {
  echo: tool({
    inputSchema: z.object({ word: z.string() }),
    execute: async ({ word }) => ({ echoed: word }),
    toModelOutput: ({ output }) => ({ type: 'text', value: `echo: ${output.echoed}` }),
  }),
  answeredByTheClient: tool({ inputSchema: z.object({ word: z.string() }) }),
};

const history: ModelMessage[] = [{ role: 'user', content: 'say it twice' }];

async function collect(
  options: Partial<Parameters<typeof streamAgentSteps>[0]> & { model: LanguageModelV4 },
) {
  const parts: AgentStepPart[] = [];
  await streamAgentSteps({
    instructions: 'test',
    messages: history,
    maxSteps: 4,
    stopAfterStep: () => false,
    abortSignal: new AbortController().signal,
    onPart: (part) => {
      parts.push(part);
    },
    ...options,
  });
  return parts;
}

describe('streamAgentSteps', () => {
  it('executes a call, feeds it back with the step and its provider metadata, and sums the usage', async () => {
    const signature = { test: { signature: 'sig-1' } };
    const { model, prompts } = stepModel([
      [
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
        { type: 'reasoning-end', id: 'r', providerMetadata: signature },
        ...text('t1', 'Echoing.'),
        echoCall('call-1', 'hi'),
        finish('tool-calls', 10, 5),
      ],
      [...text('t2', 'Done.'), finish('stop', 20, 3, 9)],
    ]);
    const parts = await collect({ model, tools: echoTools });

    expect(parts).toEqual([
      { type: 'text-delta', text: 'Echoing.' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'echo', input: { word: 'hi' } },
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'echo',
        input: { word: 'hi' },
        output: { echoed: 'hi' },
      },
      { type: 'text-delta', text: 'Done.' },
      { type: 'finish', totalUsage: { inputTokens: 30, cachedInputTokens: 9, outputTokens: 8 } },
    ]);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]?.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking', providerOptions: signature },
          { type: 'text', text: 'Echoing.' },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'echo', input: { word: 'hi' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'echo',
            output: { type: 'text', value: 'echo: hi' },
          },
        ],
      },
    ]);
  });

  it('keeps one part per block of the step, in first-seen order, when the blocks interleave', async () => {
    const { model, prompts } = stepModel([
      [
        { type: 'text-start', id: 'a' },
        { type: 'text-delta', id: 'a', delta: 'one ' },
        { type: 'reasoning-start', id: 'a' },
        { type: 'reasoning-delta', id: 'a', delta: 'hmm' },
        { type: 'text-delta', id: 'a', delta: 'two ' },
        { type: 'text-start', id: 'b' },
        { type: 'text-delta', id: 'b', delta: 'other' },
        { type: 'text-delta', id: 'a', delta: 'three' },
        { type: 'reasoning-delta', id: 'a', delta: '!' },
        echoCall('call-1', 'hi'),
        finish('tool-calls'),
      ],
      [finish('stop')],
    ]);
    await collect({ model, tools: echoTools });

    expect(prompts[1]?.at(-2)).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'one two three' },
        { type: 'reasoning', text: 'hmm!' },
        { type: 'text', text: 'other' },
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'echo', input: { word: 'hi' } },
      ],
    });
  });

  it('answers a call of an unknown tool with the error, and lets the model read it', async () => {
    const { model, prompts } = stepModel([
      [echoCall('call-1', 'hi', 'nonexistent'), finish('tool-calls')],
      [...text('t', 'Sorry.'), finish('stop')],
    ]);
    const parts = await collect({ model, tools: echoTools });

    expect(parts.map((part) => part.type)).toEqual(['tool-call', 'tool-error', 'text-delta', 'finish']);
    expect(parts[0]).toMatchObject({ invalid: true });
    const toolMessage = prompts[1]?.at(-1);
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call-1', output: { type: 'error-text' } }],
    });
  });

  it('refuses arguments the tool schema rejects, with the reason as the call result', async () => {
    const { model, prompts } = stepModel([
      [
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'echo', input: JSON.stringify({ word: 7 }) },
        finish('tool-calls'),
      ],
      [...text('t', 'Fixed.'), finish('stop')],
    ]);
    const parts = await collect({ model, tools: echoTools });

    expect(parts.map((part) => part.type)).toEqual(['tool-call', 'tool-error', 'text-delta', 'finish']);
    expect(parts[0]).toMatchObject({ invalid: true, input: { word: 7 } });
    expect(parts[1]).toMatchObject({ type: 'tool-error', error: expect.stringContaining('Invalid input') });
    expect(prompts[1]?.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call-1', output: { type: 'error-text' } }],
    });
  });

  it('hands on an error the provider streams, and makes no further step', async () => {
    const overloaded = { type: 'overloaded_error', message: 'Overloaded' };
    const { model, prompts } = stepModel([[...text('t', 'Part'), { type: 'error', error: overloaded }]]);
    const parts = await collect({ model, tools: echoTools });
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Part' },
      { type: 'error', error: overloaded },
      {
        type: 'finish',
        totalUsage: { inputTokens: undefined, cachedInputTokens: undefined, outputTokens: undefined },
      },
    ]);
    expect(prompts).toHaveLength(1);
  });

  it('hands a provider-specific custom part back to the provider with the step, in its place', async () => {
    const marker = { test: { cacheKey: 'k-1' } };
    const { model, prompts } = stepModel([
      [
        { type: 'custom', kind: 'test.marker', providerMetadata: marker },
        ...text('t1', 'Echoing.'),
        echoCall('call-1', 'hi'),
        finish('tool-calls'),
      ],
      [...text('t2', 'Done.'), finish('stop')],
    ]);
    const parts = await collect({ model, tools: echoTools });
    expect(parts.map((part) => part.type)).toEqual([
      'text-delta',
      'tool-call',
      'tool-result',
      'text-delta',
      'finish',
    ]);
    expect(prompts[1]?.at(-2)).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'custom', kind: 'test.marker', providerOptions: marker },
        { type: 'text', text: 'Echoing.' },
        { type: 'tool-call', toolCallId: 'call-1' },
      ],
    });
  });

  it('passes over sources and the metadata of the call, delivering the text around them', async () => {
    const { model } = stepModel([
      [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: 'response-1', modelId: 'steps' },
        ...text('t', 'Cited'),
        { type: 'source', sourceType: 'url', id: 's-1', url: 'https://example.com/', title: 'Example' },
        { type: 'ping' },
        { type: 'raw', rawValue: { anything: true } },
        ...text('u', ' text.'),
        finish('stop'),
      ],
    ]);
    expect(await collect({ model })).toEqual([
      { type: 'text-delta', text: 'Cited' },
      { type: 'text-delta', text: ' text.' },
      { type: 'finish', totalUsage: { inputTokens: 10, cachedInputTokens: undefined, outputTokens: 5 } },
    ]);
  });

  it('fails loudly on a file the model generated, naming its media type, after the text before it', async () => {
    const { model } = stepModel([
      [
        ...text('t', 'Here is a picture:'),
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
        ...text('u', 'never read'),
        finish('stop'),
      ],
    ]);
    const parts: AgentStepPart[] = [];
    const failure = await collect({ model, onPart: (part) => void parts.push(part) }).catch((error) => error);
    expect(UnsupportedModelOutputError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'unsupported_model_output',
      partType: 'file',
      message: 'The model replied with a file (image/png), which Drawbridge cannot show.',
    });
    expect(parts).toEqual([{ type: 'text-delta', text: 'Here is a picture:' }]);
  });

  it.each<[string, LanguageModelV4StreamPart]>([
    ['its input', { type: 'tool-input-start', id: 'p-1', toolName: 'web_search', providerExecuted: true }],
    [
      'its call',
      { type: 'tool-call', toolCallId: 'p-1', toolName: 'web_search', input: '{}', providerExecuted: true },
    ],
    ['its result', { type: 'tool-result', toolCallId: 'p-1', toolName: 'web_search', result: { found: 1 } }],
    ['an approval request', { type: 'tool-approval-request', approvalId: 'a-1', toolCallId: 'p-1' }],
  ])('fails loudly on a tool the provider executed itself, from %s on', async (_what, part) => {
    const { model } = stepModel([[...text('t', 'Searching.'), part, finish('stop')]]);
    const parts: AgentStepPart[] = [];
    const failure = await collect({ model, onPart: (step) => void parts.push(step) }).catch((error) => error);
    expect(failure).toBeInstanceOf(UnsupportedModelOutputError);
    expect(failure).toMatchObject({ partType: 'provider-executed-tool' });
    expect(failure.message).toMatch(/^The model provider ran a tool itself \((web_search|call p-1)\)/);
    expect(parts).toEqual([{ type: 'text-delta', text: 'Searching.' }]);
  });

  it('fails loudly on a stream part it does not know', async () => {
    const unknown = { type: 'hologram', id: 'h-1' } as unknown as LanguageModelV4StreamPart;
    const { model } = stepModel([[unknown, finish('stop')]]);
    const failure = await collect({ model }).catch((error) => error);
    expect(failure).toMatchObject({
      name: 'UnsupportedModelOutputError',
      partType: 'hologram',
      message: 'The model sent a stream part this server does not know: "hologram".',
    });
  });

  it('reads the next part only once the handler is done with the last', async () => {
    const { model } = stepModel([[...text('a', 'one'), ...text('b', 'two'), finish('stop')]]);
    const seen: string[] = [];
    let release: () => void = () => {};
    const storing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = collect({
      model,
      onPart: (part) => {
        seen.push(part.type === 'text-delta' ? part.text : part.type);
        if (seen.length === 1) return storing;
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['one']);
    release();
    await run;
    expect(seen).toEqual(['one', 'two', 'finish']);
  });

  it('cancels the provider stream when the run is aborted mid-reply', async () => {
    const abort = new AbortController();
    let cancelled: unknown;
    const model: LanguageModelV4 = {
      ...stepModel([]).model,
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
          },
          // A provider that would stream on forever: only the cancel ends it.
          cancel(reason) {
            cancelled = reason;
          },
        }),
      }),
    };
    const run = collect({
      model,
      abortSignal: abort.signal,
      onPart: () => abort.abort(new Error('the client cancelled')),
    });
    await expect(run).rejects.toThrow('the client cancelled');
    expect(cancelled).toMatchObject({ message: 'the client cancelled' });
  });

  it('ends the run at a call the client executes, and after a step the caller stops', async () => {
    const clientCall = stepModel([
      [echoCall('call-1', 'hi', 'answeredByTheClient'), finish('tool-calls')],
      [],
    ]);
    const clientParts = await collect({ model: clientCall.model, tools: echoTools });
    expect(clientParts.map((part) => part.type)).toEqual(['tool-call', 'finish']);
    expect(clientCall.prompts).toHaveLength(1);

    const stopped = stepModel([[echoCall('call-1', 'hi'), finish('tool-calls')], []]);
    const stoppedParts = await collect({ model: stopped.model, tools: echoTools, stopAfterStep: () => true });
    expect(stoppedParts.map((part) => part.type)).toEqual(['tool-call', 'tool-result', 'finish']);
    expect(stopped.prompts).toHaveLength(1);
  });

  it('makes at most maxSteps model calls', async () => {
    const loop = Array.from({ length: 5 }, (_, index) => [
      echoCall(`call-${index}`, 'again'),
      finish('tool-calls'),
    ]);
    const { model, prompts } = stepModel(loop);
    await collect({ model, tools: echoTools, maxSteps: 2 });
    expect(prompts).toHaveLength(2);
  });

  it('retries a call the provider marks retryable, and only that', async () => {
    const retryable = () =>
      new APICallError({
        message: 'overloaded',
        url: 'x',
        requestBodyValues: {},
        statusCode: 529,
        isRetryable: true,
      });
    const recovered = stepModel([[...text('t', 'Hello.'), finish('stop')]], [retryable()]);
    const parts = await collect({ model: recovered.model, maxRetries: 1, retryDelayMs: 0 });
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'finish']);

    const exhausted = stepModel([[finish('stop')]], [retryable(), retryable()]);
    await expect(collect({ model: exhausted.model, maxRetries: 1, retryDelayMs: 0 })).rejects.toThrow(
      'overloaded',
    );
    const refused = new APICallError({
      message: 'bad key',
      url: 'x',
      requestBodyValues: {},
      statusCode: 401,
      isRetryable: false,
    });
    const final = stepModel([[finish('stop')]], [refused]);
    await expect(collect({ model: final.model, maxRetries: 3, retryDelayMs: 0 })).rejects.toThrow('bad key');
    expect(final.prompts).toHaveLength(0);
  });

  it('retries after the wait a rate-limited provider asks for, not after its own backoff', async () => {
    const limited = new APICallError({
      message: 'rate limited',
      url: 'x',
      requestBodyValues: {},
      statusCode: 429,
      responseHeaders: { 'retry-after-ms': '5' },
      isRetryable: true,
    });
    const model = stepModel([[...text('t', 'Hello.'), finish('stop')]], [limited]);
    // A ten-minute backoff would outlast the test: finishing shows the provider's 5 ms were taken instead.
    const parts = await collect({ model: model.model, maxRetries: 1, retryDelayMs: 600_000 });
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'finish']);
  });

  it('stops waiting for a call that is still executing when the run is aborted', async () => {
    const abort = new AbortController();
    let executionStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      executionStarted = resolve;
    });
    const parkedTools: ToolSet = {
      echo: tool({
        inputSchema: z.object({ word: z.string() }),
        // Never answers, like a parked call whose browser went away.
        execute: () => {
          executionStarted();
          return new Promise(() => {});
        },
      }),
    };
    const { model } = stepModel([[echoCall('call-1', 'hi'), finish('tool-calls')]]);
    const run = collect({ model, tools: parkedTools, abortSignal: abort.signal });
    await started;
    abort.abort(new Error('the client cancelled'));
    await expect(run).rejects.toThrow('the client cancelled');
  });
});
