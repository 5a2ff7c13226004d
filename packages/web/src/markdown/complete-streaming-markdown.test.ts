import { describe, expect, it } from 'vitest';
import { completeStreamingMarkdown } from './complete-streaming-markdown.ts';

describe('completeStreamingMarkdown', () => {
  it('closes a code span cut mid-word, so no stray backtick shows', () => {
    expect(completeStreamingMarkdown('with `ANTHROPIC_API')).toBe('with `ANTHROPIC_API`');
    expect(completeStreamingMarkdown('a ``double ` tick')).toBe('a ``double ` tick``');
  });

  it('leaves closed spans, and markers inside code, alone', () => {
    expect(completeStreamingMarkdown('`a` and `b` done')).toBe('`a` and `b` done');
    expect(completeStreamingMarkdown('`**not bold` yet')).toBe('`**not bold` yet');
  });

  it('closes bold and strikethrough in the order they opened, code innermost', () => {
    expect(completeStreamingMarkdown('**bold ~~gone `co')).toBe('**bold ~~gone `co`~~**');
    expect(completeStreamingMarkdown('~~a **b')).toBe('~~a **b**~~');
    expect(completeStreamingMarkdown('**done** and more')).toBe('**done** and more');
  });

  it('shows a link whose address is still arriving as its text', () => {
    expect(completeStreamingMarkdown('See [the guide](https://exa')).toBe('See the guide');
    expect(completeStreamingMarkdown('See [the guide](https://example.com) now')).toBe(
      'See [the guide](https://example.com) now',
    );
    expect(completeStreamingMarkdown('Items [1')).toBe('Items [1');
  });

  it('looks only at the last paragraph and never inside an open fence', () => {
    expect(completeStreamingMarkdown('Odd ** marker\n\nnew `code')).toBe('Odd ** marker\n\nnew `code`');
    expect(completeStreamingMarkdown('```js\nconst a = `x')).toBe('```js\nconst a = `x');
    expect(completeStreamingMarkdown('```js\nx\n```\n\nthen `y')).toBe('```js\nx\n```\n\nthen `y`');
  });

  it('skips an escaped marker', () => {
    expect(completeStreamingMarkdown('a \\`literal')).toBe('a \\`literal');
  });
});
