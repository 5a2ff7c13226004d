import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../models/demo/demo-catalogue.ts';
import { pickDemoEntry } from '../models/demo/pick-demo-entry.ts';
import { EvalSuiteError } from './eval-suite-error.ts';
import { builtInSuitePath, loadEvalSuite, parseEvalSuite } from './load-eval-suite.ts';

const parse = (text: string) => parseEvalSuite({ text, file: 'suite.jsonl' });

describe('parseEvalSuite', () => {
  it('reads one case a line, skipping blank lines and // comments', () => {
    expect(
      parse(
        '// charts\n{"id":"a","prompt":"Chart it"}\n\n{"id":"b","prompt":"Edit it","followUps":["Bluer"]}\n',
      ),
    ).toEqual([
      { id: 'a', prompt: 'Chart it' },
      { id: 'b', prompt: 'Edit it', followUps: ['Bluer'] },
    ]);
  });

  it.each([
    ['{"id":"a","prompt":"x"}\nnot json', 'suite.jsonl:2: not a JSON object'],
    ['{"id":"a"}', 'suite.jsonl:1: prompt:'],
    ['{"id":"../up","prompt":"x"}', 'suite.jsonl:1: id: ids are 1–80 letters'],
    ['{"id":"a","prompt":"x","colour":"red"}', 'suite.jsonl:1:'],
    ['{"id":"a","prompt":"x"}\n{"id":"a","prompt":"y"}', 'suite.jsonl:2: the id "a" is used twice'],
    ['\n// nothing\n', 'suite.jsonl: the suite has no cases'],
  ])('refuses %j naming the line', (text, message) => {
    expect(() => parse(text)).toThrow(EvalSuiteError);
    expect(() => parse(text)).toThrow(message);
  });

  it('reads the example suite in docs/eval.md', () => {
    const docs = readFileSync(new URL('../../../../docs/eval.md', import.meta.url), 'utf8');
    const example = /```jsonl\n([\s\S]*?)```/.exec(docs)?.[1] ?? '';
    expect(parse(example).map((evalCase) => evalCase.id)).toEqual(['solar-system-3d', 'edit-chart']);
  });

  it('names an unreadable file', async () => {
    await expect(loadEvalSuite({ path: '/nonexistent/suite.jsonl' })).rejects.toThrow(
      '/nonexistent/suite.jsonl: cannot read the file (ENOENT)',
    );
  });
});

describe('the built-in suite', () => {
  // The chat agent's tools as the widgets skill grants them.
  const chatTools = new Set([
    'render_image',
    'render_form',
    'render_table',
    'render_chart',
    'send_a2ui_json_to_client',
  ]);

  it('has at least thirty distinct requests', async () => {
    const cases = await loadEvalSuite({ path: builtInSuitePath });
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((evalCase) => evalCase.prompt)).size).toBe(cases.length);
  });

  it('asks the demo model only for replies it really has: a widget or a typed tool call, never the fallback', async () => {
    const cases = await loadEvalSuite({ path: builtInSuitePath });
    const picked = cases.map(
      (evalCase) =>
        pickDemoEntry({ catalogue: demoCatalogue, userText: evalCase.prompt, offeredTools: chatTools })?.id,
    );
    expect(picked).not.toContain(undefined);
    // Every reply without a widget block and without a tool call: the demo's prose answers.
    const proseOnly = demoCatalogue
      .filter((entry) => entry.file.endsWith('.txt') && !readFileSync(entry.file, 'utf8').includes('@@END@@'))
      .map((entry) => entry.id);
    expect(proseOnly).toContain('capabilities');
    for (const id of picked) expect(proseOnly).not.toContain(id);
    // Every kind the issue asks for: 3D, charts, forms, games, tools, diagrams and typed render tools.
    for (const id of ['solar-system', 'revenue-chart', 'trip-planner-form', 'tic-tac-toe', 'calculator']) {
      expect(picked).toContain(id);
    }
    for (const id of [
      'request-flow-diagram',
      'render-table-languages',
      'render-chart-visitors',
      'render-form-feedback',
    ]) {
      expect(picked).toContain(id);
    }
    expect(picked).toContain('render-image-lighthouse');
    for (const id of ['a2ui-booking-form', 'a2ui-product-comparison', 'a2ui-settings-panel']) {
      expect(picked).toContain(id);
    }
  });

  it('edits a widget in its multi-turn cases: every follow-up picks a demo edit of the widget on screen', async () => {
    const cases = (await loadEvalSuite({ path: builtInSuitePath })).filter(
      (evalCase) => evalCase.followUps !== undefined,
    );
    expect(cases.length).toBeGreaterThanOrEqual(2);
    for (const evalCase of cases) {
      const first = pickDemoEntry({
        catalogue: demoCatalogue,
        userText: evalCase.prompt,
        offeredTools: chatTools,
      });
      expect(first?.edits).toBeUndefined();
      const editableText = await readFile(first?.file ?? '', 'utf8');
      const edits = (evalCase.followUps ?? []).map(
        (userText) =>
          pickDemoEntry({ catalogue: demoCatalogue, userText, offeredTools: chatTools, editableText })?.edits,
      );
      expect(edits).not.toContain(undefined);
    }
  });
});
