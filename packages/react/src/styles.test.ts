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

/** `@media (…) { rules }` blocks: a condition on the viewport, holding rules of ours like any other. */
const mediaBlocks = /@media ([^{]+)\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g;

/** The selectors of a stylesheet whose only at-rules are our keyframes and `@media` blocks, those inside included. */
function selectorsOf(css: string): string[] {
  const flat = withoutOwnKeyframes(css).replace(mediaBlocks, (_block, _condition, rules: string) => rules);
  return [...flat.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((rule) =>
    rule[1]!.split(',').map((selector) => selector.trim()),
  );
}

describe("the package's stylesheet", () => {
  const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

  it('styles only its own db- classes: no element, :root, * or at-rule reaches the host page', () => {
    const selectors = selectorsOf(css);
    expect(selectors.length).toBeGreaterThan(100);
    const media = [...withoutOwnKeyframes(css).matchAll(mediaBlocks)];
    // Viewport conditions only: a `@media print` or `@supports` of ours would be a rule the host did not ask for.
    expect(
      media
        .map(([, condition]) => condition!.trim())
        .filter((condition) => !/^\(max-width: \d+px\)$/.test(condition)),
    ).toEqual([]);
    expect(withoutOwnKeyframes(css).replace(mediaBlocks, '')).not.toContain('@');
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
