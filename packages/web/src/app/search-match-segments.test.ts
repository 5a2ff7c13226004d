import { describe, expect, it } from 'vitest';
import { matchSegments, snippetSegments } from './search-match-segments.ts';

describe('matchSegments', () => {
  it('marks every case-insensitive match and keeps the text as it was', () => {
    expect(matchSegments('Revenue by month: revenue grew', 'REVENUE')).toEqual([
      { text: 'Revenue', match: true },
      { text: ' by month: ', match: false },
      { text: 'revenue', match: true },
      { text: ' grew', match: false },
    ]);
  });

  it('reads the query as the server does: trimmed, runs of whitespace as one space', () => {
    expect(matchSegments('the solar system', '  solar   system ')).toEqual([
      { text: 'the ', match: false },
      { text: 'solar system', match: true },
    ]);
    expect(matchSegments('nothing here', ' ')).toEqual([{ text: 'nothing here', match: false }]);
  });
});

describe('snippetSegments', () => {
  it('brings a match that sits late in the snippet near its start, cut at a word', () => {
    const snippet = '…a long preamble that says a great many things before it finally gets to the sum of all';
    const segments = snippetSegments(snippet, 'sum');
    expect(segments[0]).toEqual({ text: '…it finally gets to the ', match: false });
    expect(segments[1]).toEqual({ text: 'sum', match: true });
    expect(segments.map((segment) => segment.text).join('')).toBe('…it finally gets to the sum of all');
  });

  it('leaves a snippet whose match is already near the start as it is', () => {
    expect(snippetSegments('the sum of two', 'sum')).toEqual(matchSegments('the sum of two', 'sum'));
  });
});
