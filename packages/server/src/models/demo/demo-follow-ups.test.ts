import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadModelScript } from '../script/load-model-script.ts';
import { type DemoEntry, demoCatalogue } from './demo-catalogue.ts';
import { demoReplyValues, fillPlaceholders } from './fill-demo-reply.ts';
import { isFallback, pickDemoEntry } from './pick-demo-entry.ts';

/**
 * The demo must never dead-end on its own invitations: every question button of its widgets, every form's
 * answers, every follow-up its replies suggest and every prompt the README and the fallback reply feature
 * gets a reply that fits, not the fallback and not the same widget again.
 */

const chatTools = new Set(['render_image', 'render_form', 'render_table', 'render_chart']);
const repliesDirectory = new URL('./replies/', import.meta.url);
const readReply = (name: string) => readFileSync(new URL(name, repliesDirectory), 'utf8');
const entryById = (id: string): DemoEntry => demoCatalogue.find((entry) => entry.id === id)!;
const counterWidget = readReply('counter.txt');

function pick(userText: string, editableText?: string): DemoEntry | undefined {
  return pickDemoEntry({
    catalogue: demoCatalogue,
    userText,
    offeredTools: chatTools,
    ...(editableText === undefined ? {} : { editableText }),
  });
}

/** The reply text the demo would stream for `userText`, placeholders filled. */
function replyFor(entry: DemoEntry, userText: string): string {
  const text = loadModelScript(entry.file)
    .steps.flatMap((step) => step.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
    .join('');
  return fillPlaceholders(
    text,
    demoReplyValues({ userText, ...(entry.pattern === undefined ? {} : { pattern: entry.pattern }) }),
  );
}

/** The request the trip planner's "Plan this trip" button sends, built by the widget's own template. */
function tripRequest(destination: string): string {
  const template = /request = (`Plan a .*`);$/m.exec(readReply('trip-planner-form.txt'))?.[1];
  if (template === undefined) throw new Error('the trip planner no longer builds its request the same way');
  const build = new Function(
    'values',
    'destination',
    'travellers',
    'interests',
    'notes',
    `return ${template};`,
  ) as (...values: unknown[]) => string;
  return build(
    { nights: '5', start: '2026-05-01', budget: 'comfortable' },
    destination,
    '2 people',
    'food, museums',
    'vegetarian',
  );
}

describe('the question buttons of the demo widgets', () => {
  const calls = readdirSync(repliesDirectory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .flatMap((name) =>
      // `host.sendPrompt(text)` written out, or the kit's `ask(button, () => text)` that calls it.
      [
        ...readReply(name).matchAll(/(?:host\.sendPrompt\(|\bask\([^,)]*,\s*(?:\(\)\s*=>\s*)?)([^)]*)\)/g),
      ].map((match) => `${name}: ${match[1]}`),
    );

  it('are the ones this test answers (a new button needs its reply and a line here)', () => {
    expect(calls).toEqual([
      "caffeine-molecule.txt: 'How does theobromine in chocolate differ from caffeine?'",
      "dna-helix.txt: 'Explain how DNA replication works, step by step.'",
      "solar-system.txt: 'What are Saturn’s rings made of, and how old are they?'",
      'trip-planner-form.txt: request',
    ]);
  });

  it.each([
    ['caffeine-molecule', 'How does theobromine in chocolate differ from caffeine?', 'theobromine'],
    ['dna-helix', 'Explain how DNA replication works, step by step.', 'dna-replication'],
    ['solar-system', 'What are Saturn’s rings made of, and how old are they?', 'saturn-rings'],
  ])('%s asks "%s" and gets %s', (_widget, question, answer) => {
    expect(pick(question)?.id).toBe(answer);
  });

  it('the trip planner\'s "Plan this trip" gets an itinerary of that trip, the destination escaped', () => {
    const request = tripRequest('Lisbon, Portugal');
    expect(request).toBe(
      'Plan a 5-night trip to Lisbon, Portugal from 2026-05-01 for 2 people, comfortable budget, interested in food, museums. Notes: vegetarian',
    );
    const entry = pick(request);
    expect(entry?.id).toBe('trip-itinerary');
    const reply = replyFor(entry!, request);
    expect(reply).toContain('data-destination="Lisbon, Portugal" data-nights="5"');
    expect(reply).not.toMatch(/\{\{\w+\}\}/);

    const hostile = tripRequest('<img src=x onerror=alert(1)> @@END@@ {{widget}}');
    const hostileReply = replyFor(pick(hostile)!, hostile);
    expect(hostileReply).not.toContain('<img');
    expect(hostileReply.match(/@@END@@/g)).toHaveLength(1);
    expect(hostileReply).toContain('&#60;img src=x onerror=alert(1)&#62; &#64;&#64;END&#64;&#64;');
  });
});

describe('the answers of the demo forms', () => {
  it("the feedback survey's answers get thanks that name the person and their score", () => {
    // The survey's fields, answered, in the words the app sends them (web: form-answers-as-message.ts).
    const call = loadModelScript(entryById('render-form-feedback').file)
      .steps.flatMap((step) => step.parts)
      .find((part) => part.type === 'tool-call');
    const fields = (call?.type === 'tool-call' ? call.input.fields : []) as Array<{
      label: string;
      type: string;
    }>;
    const sample: Record<string, string> = {
      text: 'Ada',
      select: 'Engineer',
      number: '9',
      date: '(left blank)',
      checkbox: 'no',
    };
    const message = `Here are my answers:\n${fields.map((field) => `- ${field.label}: ${sample[field.type]}`).join('\n')}`;

    const entry = pick(message);
    expect(entry?.id).toBe('feedback-thanks');
    const reply = replyFor(entry!, message);
    expect(reply).toContain('Thank you, Ada!');
    expect(reply).toContain('**9 out of 10**');
  });
});

describe('the follow-ups the demo replies suggest', () => {
  it('the revenue chart\'s "by product line or by region" get those views', () => {
    expect(readReply('revenue-chart.txt')).toContain('Want the same view by product line or by region?');
    expect(pick('Show me the revenue by product line')?.id).toBe('render-chart-revenue-by-product');
    expect(pick('The same view by region, please')?.id).toBe('bar-chart');
    expect(pick('revenue by region')?.id).toBe('bar-chart');
  });

  it('the counter\'s edits, and "make it dark" of any widget, edit the widget on screen', () => {
    expect(pick('make it dark', counterWidget)?.id).toBe('dark-theme');
    expect(pick('add a reset button', counterWidget)?.id).toBe('counter-reset');
    expect(pick('bigger', counterWidget)?.id).toBe('counter-bigger');
    expect(pick('rename it', counterWidget)?.id).toBe('counter-title');
    for (const widget of ['caffeine-molecule.txt', 'revenue-chart.txt', 'calculator.txt', 'solar-system.txt'])
      expect(pick('Make it dark', readReply(widget))?.id, widget).toBe('dark-theme');
  });

  it('a chart of traffic "by channel as a pie" is a pie', () => {
    expect(pick('chart weekly website traffic by channel as a pie')?.id).toBe('render-chart-channels-pie');
    expect(pick('chart weekly website traffic')?.id).toBe('render-chart-visitors');
  });
});

describe('the prompts the README and the fallback reply feature', () => {
  const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
  const usingIt = /- Ask the demo for ([\s\S]*?)repairs it with a patch\./.exec(readme)?.[1] ?? '';
  const quoted = (text: string) =>
    [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1]!.replace(/\s+/g, ' '));
  const edits = new Set(['make it dark', 'add a reset button', 'bigger', 'rename it']);
  // A button on the widget's card, not something to type.
  const buttons = new Set(['Fix it']);

  it.each(quoted(usingIt))('"%s" (README) gets a reply of its own', (prompt) => {
    if (buttons.has(prompt)) return;
    const entry = pick(prompt, edits.has(prompt) ? counterWidget : undefined);
    expect(entry, prompt).toBeDefined();
    expect(isFallback(entry!)).toBe(false);
    if (edits.has(prompt)) expect(entry?.edits).toBeDefined();
  });

  it('the fallback reply suggests every prompt the README features', () => {
    const fallback = readReply('fallback.txt').toLowerCase();
    expect(quoted(usingIt).length).toBeGreaterThanOrEqual(12);
    for (const prompt of quoted(usingIt)) expect(fallback, prompt).toContain(prompt.toLowerCase());
  });

  it.each(quoted(readReply('fallback.txt')))('"%s" (fallback) gets a reply of its own', (prompt) => {
    if (buttons.has(prompt)) return;
    const editable = edits.has(prompt) ? counterWidget : undefined;
    const entry = pick(prompt.replace(/^the same /, 'chart weekly website traffic '), editable);
    expect(entry, prompt).toBeDefined();
    expect(isFallback(entry!)).toBe(false);
  });
});

describe('what is not a request for a widget', () => {
  it('pasted code gets the reply about code, whatever words its code contains', () => {
    const pasted =
      'why does this not draw?\nconst line = new THREE.Line(geometry, material);\nscene.add(line);';
    expect(pick(pasted)?.id).toBe('pasted-code');
    expect(pick('```js\nconst chart = revenue.line();\n```')?.id).toBe('pasted-code');
  });

  it('a question about a 3D molecule draws the molecule, not the solar system', () => {
    expect(pick('a 3D molecule')?.id).toBe('caffeine-molecule');
    expect(pick('a 3D scene')?.id).toBe('solar-system');
  });
});
