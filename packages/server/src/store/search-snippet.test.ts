import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-snippet.ts';

describe('searchSnippet', () => {
  it('returns a short text whole, on one line', () => {
    expect(searchSnippet({ text: 'A chart of\nrevenue', query: 'REVENUE' })).toBe('A chart of revenue');
  });

  it('cuts long text around the match at word boundaries', () => {
    const text = `${'lorem ipsum '.repeat(20)}the solar system has eight planets ${'dolor sit '.repeat(20)}`;
    const snippet = searchSnippet({ text, query: 'solar system' });
    expect(snippet).toMatch(/^….*the solar system has eight planets.*…$/);
    expect(snippet).not.toMatch(/^…\S*[a-z]ipsum/);
    expect(snippet?.length).toBeLessThan(140);
  });

  it('finds nothing where the text does not contain the query', () => {
    expect(searchSnippet({ text: 'a table of languages', query: 'chart' })).toBeUndefined();
    expect(searchSnippet({ text: 'anything', query: '  ' })).toBeUndefined();
  });
});
