import { describe, expect, it } from 'vitest';
import { applySearchReplace } from './apply-search-replace.ts';

describe('applySearchReplace', () => {
  it('replaces the first exact occurrence only', () => {
    expect(applySearchReplace({ text: 'a b a', search: 'a', replace: 'c' })).toEqual({
      applied: true,
      exact: true,
      text: 'c b a',
      start: 0,
      matched: 'a',
    });
  });

  it('deletes with an empty replacement', () => {
    const text = '<p>one</p>\n<p>two</p>\n';
    expect(applySearchReplace({ text, search: '<p>one</p>\n', replace: '' })).toMatchObject({
      text: '<p>two</p>\n',
    });
  });

  it('matches lines whose indentation differs and keeps the line break after them', () => {
    const text = '<div>\n\t<button id="go">Go</button>\n</div>\n';
    const outcome = applySearchReplace({
      text,
      search: '  <button id="go">Go</button>  \n',
      replace: '  <button id="go">Go</button>\n  <button id="reset">Reset</button>\n',
    });
    expect(outcome).toEqual({
      applied: true,
      exact: false,
      text: '<div>\n  <button id="go">Go</button>\n  <button id="reset">Reset</button>\n</div>\n',
      // The text as it stands in the part, which a reader of the hunk searches for exactly.
      start: 6,
      matched: '\t<button id="go">Go</button>\n',
    });
  });

  it('refuses a search that is empty or only blanks', () => {
    for (const search of ['', ' \n\t'])
      expect(applySearchReplace({ text: 'abc', search, replace: 'x' })).toEqual({
        applied: false,
        reason: 'empty_search',
      });
  });

  it('says so when the search text is not in the part', () => {
    expect(applySearchReplace({ text: 'abc\n', search: 'abd\n', replace: 'x' })).toEqual({
      applied: false,
      reason: 'hunk_not_found',
    });
  });
});
