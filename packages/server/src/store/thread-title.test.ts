import { describe, expect, it } from 'vitest';
import { maximumThreadTitleLength, threadTitleFromText, untitledThreadTitle } from './thread-title.ts';

describe('threadTitleFromText', () => {
  it('collapses whitespace onto one line', () => {
    expect(threadTitleFromText('  plot\n\n sales \t by month ')).toBe('plot sales by month');
  });

  it('falls back to the untitled name for blank text', () => {
    expect(threadTitleFromText(' \n ')).toBe(untitledThreadTitle);
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const title = threadTitleFromText(
      'Build me an interactive solar system with orbiting planets and labels for each one',
    );
    expect(title).toBe('Build me an interactive solar system with orbiting planets…');
    expect(title.length).toBeLessThanOrEqual(maximumThreadTitleLength);
  });

  it('cuts a single long word hard', () => {
    const title = threadTitleFromText('x'.repeat(200));
    expect(title).toBe(`${'x'.repeat(maximumThreadTitleLength - 1)}…`);
  });

  it('keeps text of exactly the maximum length', () => {
    const text = 'y'.repeat(maximumThreadTitleLength);
    expect(threadTitleFromText(text)).toBe(text);
  });
});
