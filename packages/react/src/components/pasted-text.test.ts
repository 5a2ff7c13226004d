import { describe, expect, it } from 'vitest';
import {
  composeMessage,
  describePastedText,
  fencePastedText,
  isLargeText,
  messageSegments,
} from './pasted-text.ts';

const manyLines = Array.from({ length: 41 }, (_, index) => `line ${index + 1}`).join('\n');

describe('isLargeText', () => {
  it('is true past 2,000 characters or 40 lines, and not at them', () => {
    expect(isLargeText('x'.repeat(2000))).toBe(false);
    expect(isLargeText('x'.repeat(2001))).toBe(true);
    expect(isLargeText(manyLines)).toBe(true);
    expect(isLargeText(manyLines.split('\n').slice(0, 40).join('\n'))).toBe(false);
  });
});

describe('composeMessage and messageSegments', () => {
  it('sends typed text then each pasted block, and shows them apart again', () => {
    const message = composeMessage({ typed: '  What is wrong here? ', pasted: [manyLines] });
    expect(message.startsWith('What is wrong here?\n\n```\nline 1\n')).toBe(true);
    expect(messageSegments(message)).toEqual([
      { kind: 'text', text: 'What is wrong here?' },
      { kind: 'pasted', text: manyLines },
    ]);
  });

  it('fences past the backticks inside the paste, so a pasted code block stays inside', () => {
    const pasted = `${manyLines}\n\`\`\`js\nrun()\n\`\`\``;
    const fenced = fencePastedText(pasted);
    expect(fenced.startsWith('````\n')).toBe(true);
    expect(messageSegments(composeMessage({ typed: '', pasted: [pasted] }))).toEqual([
      { kind: 'pasted', text: pasted },
    ]);
  });

  it('keeps a small fenced block as text, and shows a large message without fences as pasted', () => {
    expect(messageSegments('see\n```\nsmall\n```')).toEqual([{ kind: 'text', text: 'see\n```\nsmall\n```' }]);
    expect(messageSegments(manyLines)).toEqual([{ kind: 'pasted', text: manyLines }]);
  });
});

describe('describePastedText', () => {
  it('says lines and size', () => {
    expect(describePastedText('a\nb')).toBe('2 lines · 3 B');
    expect(describePastedText('x'.repeat(3072))).toBe('1 line · 3.0 KB');
  });
});
