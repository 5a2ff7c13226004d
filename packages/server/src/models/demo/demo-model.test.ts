import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { ModelConfigError } from '../model-config-error.ts';
import type { DemoEntry } from './demo-catalogue.ts';
import { createDemoModel } from './demo-model.ts';
import { pickDemoEntry } from './pick-demo-entry.ts';

const directory = mkdtempSync(join(tmpdir(), 'drawbridge-demo-'));

function entry(id: string, keywords: string[], reply: string): DemoEntry {
  const file = join(directory, `${id}.txt`);
  writeFileSync(file, reply);
  return { id, title: `Show me the ${id}`, keywords, file };
}

const solar = entry('solar-system', ['solar', 'planet', '3d', 'orbit'], 'Planets orbiting.');
const chart = entry('sales-chart', ['chart', 'sales', 'revenue'], 'A sales chart.');
const form = entry('signup-form', ['form', 'sign up', 'sales'], 'A form.');
const catalogue = [solar, chart, form];

describe('pickDemoEntry', () => {
  it('picks the entry with the most keyword hits', () => {
    expect(pickDemoEntry({ catalogue, userText: 'Draw the planets in orbit in 3D' })?.id).toBe(
      'solar-system',
    );
    expect(pickDemoEntry({ catalogue, userText: 'A revenue CHART for sales, please' })?.id).toBe(
      'sales-chart',
    );
  });

  it('breaks a tie in favour of the earlier entry', () => {
    expect(pickDemoEntry({ catalogue, userText: 'sales' })?.id).toBe('sales-chart');
    expect(pickDemoEntry({ catalogue: [form, chart], userText: 'sales' })?.id).toBe('signup-form');
  });

  it('matches whole words and phrases, allowing a plural', () => {
    expect(pickDemoEntry({ catalogue, userText: 'let me sign up' })?.id).toBe('signup-form');
    expect(pickDemoEntry({ catalogue, userText: 'two charts' })?.id).toBe('sales-chart');
    expect(pickDemoEntry({ catalogue, userText: 'planetarium formula' })).toBeUndefined();
  });

  it('finds nothing for an unrelated message', () => {
    expect(pickDemoEntry({ catalogue, userText: 'what is the weather?' })).toBeUndefined();
  });
});

describe('createDemoModel', () => {
  it('answers with the picked reply', async () => {
    const model = createDemoModel({ catalogue, pace: 0 });
    expect(await streamText({ model, prompt: 'a sales chart' }).text).toBe('A sales chart.');
  });

  it('answers the most recent user message, not an earlier one', async () => {
    const model = createDemoModel({ catalogue, pace: 0 });
    const text = await streamText({
      model,
      messages: [
        { role: 'user', content: 'a sales chart' },
        { role: 'assistant', content: 'A sales chart.' },
        { role: 'user', content: 'now the solar system' },
      ],
    }).text;
    expect(text).toBe('Planets orbiting.');
  });

  it('lists what it can show when nothing matches and the catalogue has no fallback entry', async () => {
    const model = createDemoModel({ catalogue, pace: 0 });
    const text = await streamText({ model, prompt: 'tell me a joke' }).text;
    expect(text).toContain('demo model');
    for (const { title } of catalogue) expect(text).toContain(title);
    expect(text).toContain('DRAWBRIDGE_MODEL');
  });

  it("plays the catalogue's own fallback entry when it has one", async () => {
    const fallback = entry('fallback', ['help'], 'Try asking for a chart.');
    const model = createDemoModel({ catalogue: [...catalogue, fallback], pace: 0 });
    expect(await streamText({ model, prompt: 'tell me a joke' }).text).toBe('Try asking for a chart.');
  });

  it('fails at creation when a reply file is broken', () => {
    const broken: DemoEntry = {
      id: 'broken',
      title: 'Broken',
      keywords: [],
      file: join(directory, 'nope.jsonl'),
    };
    expect(() => createDemoModel({ catalogue: [broken] })).toThrow(ModelConfigError);
  });
});
