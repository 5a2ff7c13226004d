import { mergeAdjacentChunks, parseWidgetReply, widgetStateLimits } from '@drawbridge/protocol';
import { transform } from 'esbuild';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { loadWidgetSystemPrompt } from './widget-system-prompt.ts';

describe('loadWidgetSystemPrompt', () => {
  const prompt = loadWidgetSystemPrompt();

  it('returns the same text on every call', () => {
    expect(loadWidgetSystemPrompt()).toBe(prompt);
  });

  it('teaches the markers in grammar order', () => {
    const positions = ['@@HEIGHT:', '@@CSS@@', '@@HTML@@', '@@JS@@', '@@END@@'].map((marker) =>
      prompt.indexOf(marker),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((left, right) => left - right)).toEqual(positions);
  });

  it('names the sandbox rules, theme variables, stage API and host bridge', () => {
    for (const needle of [
      'localStorage',
      'document.cookie',
      'fetch',
      'parent',
      'alert',
      '100vh',
      '--db-fg',
      '--db-accent',
      '--db-muted',
      '--db-surface',
      '--db-border',
      "import { stage } from 'kit';",
      'await stage(',
      '<canvas class="stage"',
      '.onFrame(',
      '.paused',
      'reduced motion',
      'requestAnimationFrame',
      'window.host.sendPrompt(text)',
      'window.host.openLink(url)',
      'window.host.setState(object)',
      'window.host.getState()',
      `at most ${widgetStateLimits.maxCharacters} characters`,
      '<widget-state>',
      'catch (error)',
    ]) {
      expect(prompt, needle).toContain(needle);
    }
  });

  it('teaches edits with an example the parser reads as a hunk', () => {
    const example = prompt.slice(prompt.indexOf('@@EDIT:ID@@\n'));
    const chunks = mergeAdjacentChunks(parseWidgetReply(example.slice(0, example.indexOf('@@END@@') + 7)));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['edit', 'hunk', 'search', 'replace', 'end']);
  });

  it('teaches the kit in its own block: the root class, the class names and one chart call', () => {
    const kit = prompt.slice(prompt.indexOf('## Kit\n'), prompt.indexOf('## 3D\n'));
    for (const needle of [
      'class="kit"',
      'card',
      'stack',
      'primary',
      'field',
      'stats',
      'legend',
      "from 'kit'",
      'chart(',
      'form(',
      'table(',
      'segmented(',
      'countdown(',
      'num(',
      'cells(',
      'checklist(',
      'steps(',
      'ask(',
      'hotkeys(',
      'fail(error)',
    ]) {
      expect(kit, needle).toContain(needle);
    }
    expect(kit.match(/chart\(/g)).toHaveLength(1);
  });

  it('teaches 3D through the kit alone: one example that parses as a module and imports nothing else', async () => {
    const block = prompt.slice(prompt.indexOf('## 3D\n'), prompt.indexOf('## Talking back\n'));
    const example = /```js\n([\s\S]*?)```/.exec(block)?.[1] ?? '';
    await expect(transform(example, { format: 'esm', loader: 'js' })).resolves.toBeDefined();
    expect([...example.matchAll(/from '([^']+)'/g)].map((match) => match[1])).toEqual(['kit']);
    // The stage the runtime still accepts (`window.stage.mount` with the widget's own three.js) is not taught.
    expect(block).not.toMatch(/window\.stage|from 'three|OrbitControls|onDispose/);
  });

  // 900 before edits were taught; the edit section (labels, @@EDIT@@, hunks, one example) costs about 120, the
  // kit block about 265 (996 → 1,229 tokens, with 34 saved by dropping the theme variables' fallbacks), widget
  // state (setState/getState and the <widget-state> block) 84 (1,229 → 1,313; 353 characters), the kit's
  // table() 47 (1,313 → 1,360), segmented(), countdown() and num() 59 (1,360 → 1,419), cells() 35 (→ 1,454),
  // checklist() 32 (→ 1,486), steps() 24 (→ 1,510). The 3D block on the kit's stage() is 24 shorter than the
  // window.stage.mount one it replaced (209 → 185; → 1,486). ask() and hotkeys() 31 (→ 1,517).
  it('stays under 1,525 tokens in the o200k encoding', () => {
    expect(countTokens(prompt)).toBeLessThan(1525);
  });
});
