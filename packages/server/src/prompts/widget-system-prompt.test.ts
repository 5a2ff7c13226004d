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
      "import * as THREE from 'three';",
      "import { OrbitControls } from 'three/addons/controls/OrbitControls.js';",
      'window.stage.mount({ THREE, OrbitControls, canvas',
      'stage.onFrame(',
      'stage.onDispose(',
      'window.host.sendPrompt(text)',
      'window.host.openLink(url)',
      'catch (error)',
    ]) {
      expect(prompt, needle).toContain(needle);
    }
  });

  it('stays under 900 tokens in the o200k encoding', () => {
    expect(countTokens(prompt)).toBeLessThan(900);
  });
});
