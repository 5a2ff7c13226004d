import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Animations are global names: ours are `db-` ones, taken out here and checked on their own. */
const ownKeyframes = /@keyframes (db-[\w-]+) \{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;

function withoutOwnKeyframes(css: string): string {
  return withoutComments(css).replace(ownKeyframes, '');
}

/** The selectors of a flat stylesheet (no at-rules). */
function selectorsOf(css: string): string[] {
  return [...withoutOwnKeyframes(css).matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((rule) =>
    rule[1]!.split(',').map((selector) => selector.trim()),
  );
}

describe("the package's stylesheet", () => {
  const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

  it('styles only its own db- classes: no element, :root, * or at-rule reaches the host page', () => {
    const selectors = selectorsOf(css);
    expect(selectors.length).toBeGreaterThan(10);
    expect(withoutOwnKeyframes(css)).not.toContain('@');
    const animations = [...css.matchAll(/animation(?:-name)?:\s*([\w-]+)/g)].map(([, name]) => name);
    const declared = [...withoutComments(css).matchAll(ownKeyframes)].map(([, name]) => name);
    expect(new Set(animations)).toEqual(new Set(declared));
    // Each rule is anchored on a class of ours; what it may go on to (`> svg`, `:hover`) stays inside it.
    expect(selectors.filter((selector) => !/^\.db-[a-z][\w-]*[^,]*$/.test(selector))).toEqual([]);
  });

  it('gives every theme variable a default, so it draws without the host setting any', () => {
    const uses = [...css.matchAll(/var\((--[\w-]+)(,?)/g)];
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter(([, , comma]) => comma !== ',').map(([, name]) => name)).toEqual([]);
    expect(new Set(uses.map(([, name]) => name!.slice(0, 5)))).toEqual(new Set(['--db-']));
  });
});
