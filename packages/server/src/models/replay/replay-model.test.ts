import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createReplayModel } from './replay-model.ts';

const directory = mkdtempSync(join(tmpdir(), 'drawbridge-replay-'));

function writeScript(name: string, lines: object[]): string {
  const path = join(directory, name);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
  return path;
}

const renderTable = tool({
  description: 'Show a table',
  inputSchema: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
  execute: async () => 'Displayed the table to the user.',
});

describe('createReplayModel through streamText', () => {
  it('plays step 2 only after the tool ran and its result went back to the model', async () => {
    const path = writeScript('table.jsonl', [
      { type: 'text', text: 'Here are the planets. ' },
      { type: 'tool-call', toolName: 'render_table', input: { columns: ['name'], rows: [['Mars']] } },
      { type: 'step' },
      { type: 'text', text: 'Mars is the fourth planet 🔴.' },
    ]);
    const prompts: unknown[] = [];
    const model = createReplayModel({ path, pace: 0 });
    const result = streamText({
      model,
      tools: { render_table: renderTable },
      stopWhen: stepCountIs(5),
      prompt: 'show planets',
      onLanguageModelCallStart: (event) => {
        prompts.push(event);
      },
    });
    const order: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'tool-call') order.push(`call:${part.toolName}`);
      if (part.type === 'tool-result') order.push(`result:${String(part.output)}`);
      if (part.type === 'text-delta') order.push('text');
    }
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.text).toBe('Here are the planets. ');
    expect(steps[0]?.finishReason).toBe('tool-calls');
    expect(steps[0]?.toolCalls[0]?.input).toEqual({ columns: ['name'], rows: [['Mars']] });
    expect(steps[1]?.text).toBe('Mars is the fourth planet 🔴.');
    expect(steps[1]?.finishReason).toBe('stop');
    const resultIndex = order.indexOf('result:Displayed the table to the user.');
    expect(order.indexOf('call:render_table')).toBeLessThan(resultIndex);
    expect(order.lastIndexOf('text')).toBeGreaterThan(resultIndex);
    expect(prompts).toHaveLength(2);
  });

  it('plays the same file on every turn', async () => {
    const path = join(directory, 'hello.txt');
    writeFileSync(path, 'Hello again.');
    const model = createReplayModel({ path, pace: 0 });
    const first = await streamText({ model, prompt: 'one' }).text;
    const second = await streamText({
      model,
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: first },
        { role: 'user', content: 'two' },
      ],
    }).text;
    expect([first, second]).toEqual(['Hello again.', 'Hello again.']);
  });

  it('ends the run with an abort when the caller aborts mid-stream', async () => {
    const path = join(directory, 'long.txt');
    writeFileSync(path, 'A long paced reply. '.repeat(200));
    const abortController = new AbortController();
    const result = streamText({
      model: createReplayModel({ path, pace: 50 }),
      prompt: 'go',
      abortSignal: abortController.signal,
    });
    const types: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') abortController.abort();
    }
    expect(types.filter((type) => type === 'text-delta')).toHaveLength(1);
    expect(types.at(-1)).toBe('abort');
  });
});
