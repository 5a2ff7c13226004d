import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { mergeAdjacentChunks, parseWidgetReply } from '@drawbridge/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalCommand } from '../packages/server/src/cli/eval-command.ts';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import type { EvalSummary } from '../packages/server/src/eval/eval-summary.ts';
import { runEval } from '../packages/server/src/eval/run-eval.ts';
import { latestQuotedWidget } from '../packages/server/src/models/demo/latest-quoted-widget.ts';
import { loadModelScript } from '../packages/server/src/models/script/load-model-script.ts';
import type { ModelScript } from '../packages/server/src/models/script/model-script.ts';
import { createScriptedModel } from '../packages/server/src/models/scripted/scripted-language-model.ts';
import { startFakeOpenAiCompatibleServer } from '../packages/server/src/models/testing/fake-openai-compatible-server.ts';
import { temporaryDirectory } from '../packages/server/src/testing/temporary-directory.ts';
import { launchBrowser } from './support/browser.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/server/src/eval/fixtures/${name}`, import.meta.url));

function lastUserText(prompt: LanguageModelV4Prompt): string {
  const message = prompt.findLast((entry) => entry.role === 'user');
  return message?.role === 'user'
    ? message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
    : '';
}

/** An edit fixture names the widget it edits `{{widget}}`: the one the conversation quoted last. */
function namingQuotedWidget(script: ModelScript, prompt: LanguageModelV4Prompt): ModelScript {
  const widgetId = latestQuotedWidget(prompt)?.id ?? 'no-widget-yet';
  return {
    steps: script.steps.map((step) => ({
      parts: step.parts.map((part) =>
        part.type === 'text' ? { ...part, text: part.text.replaceAll('{{widget}}', widgetId) } : part,
      ),
    })),
  };
}

/** The replay model over several fixture files: the prompt names the file to play. */
// What the good fixture streams before its markup: its whole CSS part.
const goodWidgetCss = mergeAdjacentChunks(parseWidgetReply(readFileSync(fixture('good-widget.txt'), 'utf8')))
  .flatMap((chunk) => (chunk.type === 'css' ? [chunk.delta] : []))
  .join('');

const fixtureModel = {
  model: createScriptedModel({
    modelId: 'eval-fixtures',
    provider: 'drawbridge.replay',
    pacing: { tokensPerSecond: 0 },
    resolveScript: (prompt) =>
      namingQuotedWidget(loadModelScript(fixture(lastUserText(prompt).trim())), prompt),
  }),
  id: 'replay:eval-fixtures',
  demo: false,
  hint: 'Replaying eval fixtures.',
};

const collector = () => {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text, isTTY: false };
};

describe('drawbridge eval', () => {
  let browser: Browser;
  let out: Awaited<ReturnType<typeof temporaryDirectory>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    out = await temporaryDirectory();
  });

  afterAll(async () => {
    await browser?.close();
    if (!process.env.KEEP_EVAL_OUT) await out?.remove();
  });

  describe('on replayed fixture replies', () => {
    let summary: EvalSummary;
    const byId = (id: string) => summary.cases.find((result) => result.id === id);
    const codes = (id: string) => byId(id)?.problems.map((problem) => `${problem.phase}:${problem.code}`);

    beforeAll(async () => {
      summary = await runEval({
        cases: [
          { id: 'good', prompt: 'good-widget.txt' },
          { id: 'throws', prompt: 'throwing-widget.txt' },
          { id: 'unfinished', prompt: 'unfinished-widget.txt' },
          { id: 'csp', prompt: 'csp-breaking-widget.txt' },
          { id: 'click', prompt: 'click-breaking-widget.txt' },
          { id: 'invalid-tool', prompt: 'invalid-table-call.jsonl' },
          { id: 'a2ui', prompt: 'a2ui-booking-surface.jsonl' },
          { id: 'invalid-a2ui', prompt: 'invalid-a2ui-surface.jsonl' },
          { id: 'prose', prompt: 'prose-only.txt' },
          { id: 'follow-up', prompt: 'prose-only.txt', followUps: ['good-widget.txt'] },
          { id: 'edit', prompt: 'good-widget.txt', followUps: ['applicable-edit.txt'] },
          { id: 'failed-edit', prompt: 'good-widget.txt', followUps: ['unapplicable-edit.txt'] },
          { id: 'clipped', prompt: 'clipped-widget.txt' },
          { id: 'unreachable', prompt: 'unreachable-widget.txt' },
        ],
        suiteName: 'fixtures',
        outDirectory: join(out.path, 'fixtures'),
        concurrency: 2,
        config: parseConfig({ model: { demoPace: 0 } }),
        model: fixtureModel,
        browser,
        // Generous: the machine may be busy, and only a widget that never finishes should fail here.
        renderTimeoutMs: 90_000,
      });
      // Fourteen cases, each checked at five window widths; the clipped one is judged after 1.5 s of stillness at three.
    }, 300_000);

    it('passes a good reply after poking every field, slider and button', () => {
      const good = byId('good');
      expect(good?.problems).toEqual([]);
      expect(good?.passed).toBe(true);
      expect(good?.kinds).toEqual(['widget']);
      // Name field, slider, Enter in the field, the Add button.
      expect(good?.scores.interaction?.actions).toBeGreaterThanOrEqual(4);
      expect(good?.scores.size?.height).toBeGreaterThan(0);
      expect(good?.scores.darkTheme?.follows).toBe(true);
      expect(good?.scores.accessibility).toBeDefined();
      expect(good?.seconds.firstEvent).not.toBeNull();
      expect(good?.seconds.widgetComplete).not.toBeNull();
      // The markup comes after the first output and before the end; every CSS character of the reply before it.
      expect(good?.seconds.firstMarkup).toBeGreaterThanOrEqual(good?.seconds.firstEvent ?? Number.NaN);
      expect(good?.seconds.firstMarkup).toBeLessThanOrEqual(good?.seconds.widgetComplete ?? Number.NaN);
      expect(good?.cssBeforeMarkup).toBe(goodWidgetCss.length);
    });

    it('scores an A2UI surface: drawn in the page, scanned by axe there, no problem', () => {
      const a2ui = byId('a2ui');
      expect(a2ui?.problems).toEqual([]);
      expect(a2ui?.kinds).toEqual(['a2ui']);
      expect(a2ui?.scores.accessibility).toMatchObject({ serious: 0, critical: 0 });
      expect(a2ui?.seconds.widgetComplete).not.toBeNull();
      // No generated widget, so no markup to wait for.
      expect(a2ui?.seconds.firstMarkup).toBeNull();
      expect(a2ui?.cssBeforeMarkup).toBeNull();
    });

    it('fails each broken reply with the problem that broke it', () => {
      expect(codes('throws')).toEqual(['render:script_error']);
      expect(byId('throws')?.problems[0]?.message).toContain('TypeError');
      expect(codes('unfinished')).toContain('reply:widget_incomplete');
      expect(codes('csp')).toEqual(['render:csp_violation']);
      expect(byId('csp')?.problems[0]?.message).toContain('img-src');
      expect(codes('invalid-tool')).toEqual(['reply:invalid_tool_call', 'reply:no_widget']);
      expect(codes('prose')).toEqual(['reply:no_widget']);
      expect(codes('invalid-a2ui')).toEqual(['reply:invalid_tool_call', 'reply:no_widget']);
      expect(byId('invalid-a2ui')?.problems[0]?.message).toContain('Slider "guests"');
      for (const id of ['throws', 'unfinished', 'csp', 'invalid-tool', 'invalid-a2ui', 'prose'])
        expect(byId(id)?.passed).toBe(false);
    });

    it('fails a widget that breaks only when clicked, naming the click', () => {
      const click = byId('click');
      expect(click?.passed).toBe(false);
      expect(click?.problems).toEqual([
        expect.objectContaining({
          code: 'script_error',
          phase: 'interaction',
          action: 'click button "Explode"',
        }),
      ]);
    });

    it('fails a widget that scrolls inside its frame at desktop widths though it fits on a phone', () => {
      const clipped = byId('clipped');
      expect(clipped?.passed).toBe(false);
      expect(codes('clipped')).toEqual(['render:scrolls_in_frame']);
      const message = clipped?.problems[0]?.message ?? '';
      expect(message).toContain('Widget 1 scrolls inside its frame in a window 1440, 1280 and 1024 px wide');
      expect(message).not.toContain('390');
    });

    it('skips what cannot be acted on and presses a covered button with the keyboard', () => {
      const unreachable = byId('unreachable');
      expect(unreachable?.problems).toEqual([]);
      // Typed into Nickname and pressed Enter there, pressed Covered, clicked Close panel.
      expect(unreachable?.scores.interaction).toEqual({ actions: 4, skipped: 5 });
    });

    it('plays follow-ups on the same thread and judges the conversation as a whole', () => {
      const followUp = byId('follow-up');
      expect(followUp?.problems).toEqual([]);
      expect(followUp?.kinds).toEqual(['widget']);
    });

    it('passes an edit that applies and fails one whose search text is not in the widget', () => {
      expect(byId('edit')?.problems).toEqual([]);
      expect(byId('edit')?.kinds).toEqual(['widget', 'widget']);
      expect(byId('failed-edit')?.passed).toBe(false);
      expect(codes('failed-edit')).toEqual(['reply:edit_failed']);
      expect(byId('failed-edit')?.problems[0]?.message).toContain('hunk_not_found');
    });

    it('writes summary.json with the pass rate, a contact sheet and one picture per rendered case', async () => {
      const written = JSON.parse(
        await readFile(join(out.path, 'fixtures', 'summary.json'), 'utf8'),
      ) as EvalSummary;
      expect(written.passRate).toBeCloseTo(5 / 14, 5);
      expect(written.cases.map((result) => result.id)).toEqual([
        'good',
        'throws',
        'unfinished',
        'csp',
        'click',
        'invalid-tool',
        'a2ui',
        'invalid-a2ui',
        'prose',
        'follow-up',
        'edit',
        'failed-edit',
        'clipped',
        'unreachable',
      ]);
      const sheet = await readFile(join(out.path, 'fixtures', 'index.html'), 'utf8');
      for (const id of ['good', 'click', 'csp', 'a2ui']) {
        expect(sheet).toContain(`src="${id}.png"`);
        const png = await readFile(join(out.path, 'fixtures', `${id}.png`));
        expect(png.subarray(1, 4).toString()).toBe('PNG');
      }
    });
  });

  it('scores DRAWBRIDGE_MODEL=replay:<file> as serve resolves it, and exits 1 under --min-pass', async () => {
    const suite = join(out.path, 'suite.jsonl');
    await import('node:fs/promises').then(({ writeFile }) =>
      writeFile(suite, '{"id":"replayed","prompt":"Show me something that breaks"}\n'),
    );
    const output = collector();
    const errorOutput = collector();
    const exitCode = await evalCommand(
      ['--suite', suite, '--out', 'replay-run', '--min-pass', '1', '--render-timeout', '90'],
      {
        environment: {
          DRAWBRIDGE_MODEL: `replay:${fixture('throwing-widget.txt')}`,
          DRAWBRIDGE_DEMO_PACE: '0',
        },
        directory: out.path,
        output,
        errorOutput,
      },
    );
    expect(exitCode).toBe(1);
    expect(errorOutput.text()).toContain('[1/1] replayed: FAIL script_error');
    expect(errorOutput.text()).toContain('below --min-pass 100%');
    const written = JSON.parse(
      await readFile(join(out.path, 'replay-run', 'summary.json'), 'utf8'),
    ) as EvalSummary;
    expect(written.model.id).toBe(`replay:${fixture('throwing-widget.txt')}`);
    expect(written.passRate).toBe(0);
  }, 120_000);

  it('scores a provider model through its real client: a good reply passes with the tokens the provider counted', async () => {
    const provider = await startFakeOpenAiCompatibleServer({
      reply: await readFile(fixture('good-widget.txt'), 'utf8'),
    });
    try {
      const summary = await runEval({
        cases: [{ id: 'provider', prompt: 'A counter, please.' }],
        suiteName: 'provider',
        outDirectory: join(out.path, 'provider'),
        concurrency: 1,
        config: parseConfig({
          model: { id: 'openai-compatible:fake-model', openaiCompatible: { baseUrl: provider.baseUrl } },
        }),
        browser,
        renderTimeoutMs: 90_000,
      });
      expect(summary.model.id).toBe('openai-compatible:fake-model');
      expect(summary.cases[0]?.problems).toEqual([]);
      expect(summary.cases[0]?.tokens.input).toBe(12);
      // Counted from the reply's details: the provider reported no prompt-cache reads.
      expect(summary.cases[0]?.tokens.cachedInput).toBe(0);
      expect(summary.cases[0]?.tokens.output).toBeGreaterThan(0);
      expect(provider.requests).toHaveLength(1);
    } finally {
      await provider.close();
    }
  }, 120_000);
});
