import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { ModelConfigError } from '../model-config-error.ts';
import { type DemoEntry, demoCatalogue } from './demo-catalogue.ts';
import { createDemoModel } from './demo-model.ts';
import { pickDemoEntry, pickFallbackEntry } from './pick-demo-entry.ts';

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

  it('prefers an edit of the widget on screen, and offers it only when that widget is the one it fits', () => {
    const darken = { ...entry('chart-dark', ['dark'], 'Dark.'), edits: 'class="chart"' };
    const withEdit = [solar, chart, form, darken];
    const userText = 'make the sales chart dark';
    expect(pickDemoEntry({ catalogue: withEdit, userText, editableText: '<div class="chart">' })?.id).toBe(
      'chart-dark',
    );
    expect(pickDemoEntry({ catalogue: withEdit, userText, editableText: '<div class="form">' })?.id).toBe(
      'sales-chart',
    );
  });

  it('answers a repair request for the demo dice roller with its fix, whatever words its code quotes', () => {
    const request =
      'Fix widget w1 (revision 1): it reported these errors.\n- TypeError: x (JS line 11)\n 7 | Math.floor(sum) rolls count';
    const editableText = '<section class="dice" data-demo="dice">';
    expect(pickDemoEntry({ catalogue: demoCatalogue, userText: request, editableText })?.id).toBe(
      'dice-roller-fix',
    );
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

  it('fills an invitation reply from the message and an edit from the widget it edits', async () => {
    const invited: DemoEntry = {
      ...entry('invited', [], 'Off to {{place}} ({{widget}}).'),
      pattern: /^Go to (?<place>.+)$/,
    };
    const darken: DemoEntry = {
      ...entry('darken', ['dark'], '@@EDIT:{{widget}}@@ after {{lastCssLine}}'),
      edits: '@@CSS@@',
    };
    const model = createDemoModel({ catalogue: [invited, darken, solar], pace: 0 });
    expect(await streamText({ model, prompt: 'Go to <Rome>' }).text).toBe(
      'Off to &#60;Rome&#62; ({{widget}}).',
    );
    const quoted =
      '[widget w7, revision 1]\n@@CSS@@\na{color:red}\nb{color:blue}\n@@HTML@@\n<a>x</a>\n@@JS@@\n\n@@END@@';
    const edited = await streamText({
      model,
      messages: [
        { role: 'user', content: 'a widget' },
        { role: 'assistant', content: quoted },
        { role: 'user', content: 'make it dark' },
      ],
    }).text;
    expect(edited).toBe('@@EDIT:w7@@ after b{color:blue}');
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

describe('picking by offered tools', () => {
  const dashboardTools = new Set(['dashboard_control', 'list_metrics', 'render_chart']);
  const chatTools = new Set(['render_image', 'render_form', 'render_table', 'render_chart']);

  it('lets the dashboard agent answer with its tools, and never offers their scripts to the chat', () => {
    expect(
      pickDemoEntry({
        catalogue: demoCatalogue,
        userText: 'chart the token usage',
        offeredTools: dashboardTools,
      })?.id,
    ).toBe('dashboard-chart-tokens');
    expect(
      pickDemoEntry({
        catalogue: demoCatalogue,
        userText: 'show the last 7 days',
        offeredTools: dashboardTools,
      })?.id,
    ).toBe('dashboard-last-7-days');
    expect(
      pickDemoEntry({ catalogue: demoCatalogue, userText: 'go to widgets', offeredTools: dashboardTools })
        ?.id,
    ).toBe('dashboard-go-to-widgets');
    expect(
      pickDemoEntry({ catalogue: demoCatalogue, userText: 'chart the token usage', offeredTools: chatTools })
        ?.id,
    ).not.toMatch(/^dashboard-/);
  });

  it('uses a typed render tool only when it is offered', () => {
    const prompt = 'show me a table of programming languages';
    expect(pickDemoEntry({ catalogue: demoCatalogue, userText: prompt, offeredTools: chatTools })?.id).toBe(
      'render-table-languages',
    );
    expect(pickDemoEntry({ catalogue: demoCatalogue, userText: prompt, offeredTools: new Set() })?.id).toBe(
      'elements-table',
    );
  });

  it('answers "weather in Paris" with the examples\' weather card only where that tool is offered', () => {
    const userText = 'What is the weather in Paris?';
    const withWeather = new Set([...chatTools, 'render_weather']);
    expect(pickDemoEntry({ catalogue: demoCatalogue, userText, offeredTools: withWeather })?.id).toBe(
      'render-weather-paris',
    );
    // The app offers no render_weather: its chat never draws a card it has no component for.
    expect(pickDemoEntry({ catalogue: demoCatalogue, userText, offeredTools: chatTools })).toBeUndefined();
  });

  it('falls back to the dashboard help when the dashboard agent hears nothing it knows', () => {
    expect(pickFallbackEntry({ catalogue: demoCatalogue, offeredTools: dashboardTools })?.id).toBe(
      'dashboard-fallback',
    );
    expect(pickFallbackEntry({ catalogue: demoCatalogue, offeredTools: chatTools })?.id).toBe('fallback');
  });
});
