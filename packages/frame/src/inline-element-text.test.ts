import { describe, expect, it } from 'vitest';
import { escapeInlineScript, escapeInlineStyle } from './inline-element-text.ts';

describe('inline element text', () => {
  it('keeps a script from closing its element or opening a comment, and keeps the tag name as written', () => {
    const source = "const a = '</script>'; const b = '</SCRIPT>'; const c = '<!-- x';";
    const escaped = escapeInlineScript(source);
    expect(escaped).not.toMatch(/<\/script/i);
    expect(escaped).not.toContain('<!--');
    // The same string values when run: `\/` is `/` and `\!` is `!` in a JavaScript string.
    expect(new Function(`${escaped}; return [a, b, c];`)()).toEqual(['</script>', '</SCRIPT>', '<!-- x']);
  });

  it('keeps a stylesheet from closing its element, the tag name as written', () => {
    expect(escapeInlineStyle('a::after{content:"</Style>"}')).toBe('a::after{content:"<\\/Style>"}');
  });
});
