import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelScript } from '../script/model-script.ts';
import { createScriptedModel } from './scripted-language-model.ts';

const script: ModelScript = {
  steps: [
    {
      parts: [
        { type: 'text', text: 'Here is the table 📊.' },
        { type: 'tool-call', toolName: 'render_table', input: { rows: [['a', 1]] }, toolCallId: 'call-a' },
      ],
    },
    { parts: [{ type: 'text', text: 'The table is on screen.' }] },
  ],
};

const firstCall: LanguageModelV4Prompt = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: [{ type: 'text', text: 'show a table' }] },
];

const secondCall: LanguageModelV4Prompt = [
  ...firstCall,
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'call-a', toolName: 'render_table', input: { rows: [['a', 1]] } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-a',
        toolName: 'render_table',
        output: { type: 'text', value: 'Displayed.' },
      },
    ],
  },
];

async function readAll(
  stream: ReadableStream<LanguageModelV4StreamPart>,
): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function textOf(parts: LanguageModelV4StreamPart[]): string {
  return parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
}

function pacedCount(parts: LanguageModelV4StreamPart[]): number {
  return parts.filter((part) => part.type === 'text-delta' || part.type === 'tool-input-delta').length;
}

function model(tokensPerSecond: number, random?: () => number) {
  return createScriptedModel({
    modelId: 'test',
    provider: 'test.scripted',
    resolveScript: () => script,
    pacing: { tokensPerSecond, random },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createScriptedModel', () => {
  it('streams the first step as text deltas then a complete tool call, finishing with tool-calls', async () => {
    const { stream } = await model(0).doStream({ prompt: firstCall });
    const parts = await readAll(stream);
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [] });
    expect(parts[1]?.type).toBe('response-metadata');
    expect(textOf(parts)).toBe('Here is the table 📊.');
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(1);
    const inputDeltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    expect(JSON.parse(inputDeltas.join(''))).toEqual({ rows: [['a', 1]] });
    expect(parts.find((part) => part.type === 'tool-call')).toEqual({
      type: 'tool-call',
      toolCallId: 'call-a',
      toolName: 'render_table',
      input: '{"rows":[["a",1]]}',
    });
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.finishReason.unified).toBe('tool-calls');
    expect(finish?.type === 'finish' && finish.usage.inputTokens.total).toBeGreaterThan(0);
    expect(finish?.type === 'finish' && finish.usage.outputTokens.total).toBeGreaterThan(0);
  });

  it('plays the step after as many assistant responses as follow the last user message', async () => {
    const { stream } = await model(0).doStream({ prompt: secondCall });
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe('The table is on screen.');
    const finish = parts.at(-1);
    expect(finish?.type === 'finish' && finish.finishReason.unified).toBe('stop');
  });

  it('finishes with no output once the script has no step left', async () => {
    const thirdCall: LanguageModelV4Prompt = [
      ...secondCall,
      { role: 'assistant', content: [{ type: 'text', text: 'x' }] },
    ];
    const parts = await readAll((await model(0).doStream({ prompt: thirdCall })).stream);
    expect(parts.map((part) => part.type)).toEqual(['stream-start', 'response-metadata', 'finish']);
  });

  it('generates the same content without streaming', async () => {
    const result = await model(0).doGenerate({ prompt: firstCall });
    expect(result.content).toEqual([
      { type: 'text', text: 'Here is the table 📊.' },
      { type: 'tool-call', toolCallId: 'call-a', toolName: 'render_table', input: '{"rows":[["a",1]]}' },
    ]);
    expect(result.finishReason.unified).toBe('tool-calls');
  });

  it('spaces deltas by the configured pace', async () => {
    vi.useFakeTimers();
    // random() = 0.5 makes the jitter factor exactly 1: 100 tokens/s is one piece every 10 ms.
    const { stream } = await model(100, () => 0.5).doStream({ prompt: firstCall });
    const reader = stream.getReader();
    const seen: LanguageModelV4StreamPart[] = [];
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        seen.push(value);
      }
    })();
    await vi.advanceTimersByTimeAsync(0);
    expect(pacedCount(seen)).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(pacedCount(seen)).toBe(1);
    await vi.advanceTimersByTimeAsync(30);
    expect(pacedCount(seen)).toBe(4);
    await vi.runAllTimersAsync();
    await pump;
    expect(seen.at(-1)?.type).toBe('finish');
  });

  it('stops and closes the stream as soon as the abort signal fires, without waiting for the next token', async () => {
    vi.useFakeTimers();
    const abortController = new AbortController();
    const { stream } = await model(1).doStream({ prompt: firstCall, abortSignal: abortController.signal });
    const reader = stream.getReader();
    const beforeAbort: LanguageModelV4StreamPart[] = [];
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'closed';
        beforeAbort.push(value);
      }
    })();
    await vi.advanceTimersByTimeAsync(1500);
    const deltasBeforeAbort = beforeAbort.filter((part) => part.type === 'text-delta').length;
    expect(deltasBeforeAbort).toBeGreaterThan(0);
    abortController.abort();
    // No timer is advanced: only the abort can end the pending wait.
    await expect(pump).resolves.toBe('closed');
    expect(beforeAbort.filter((part) => part.type === 'text-delta')).toHaveLength(deltasBeforeAbort);
    expect(beforeAbort.some((part) => part.type === 'finish')).toBe(false);
  });

  it('emits nothing for a call that is already aborted', async () => {
    const abortController = new AbortController();
    abortController.abort();
    const { stream } = await model(0).doStream({ prompt: firstCall, abortSignal: abortController.signal });
    expect(await readAll(stream)).toEqual([]);
  });

  it('stops its timers when the reader cancels', async () => {
    vi.useFakeTimers();
    const { stream } = await model(10).doStream({ prompt: firstCall });
    const reader = stream.getReader();
    // The parts before the first delta cost no time; the read after them waits on a timer.
    while ((await reader.read()).value?.type !== 'text-start');
    const pending = reader.read();
    await reader.cancel();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    expect(vi.getTimerCount()).toBe(0);
  });
});
