import { describe, expect, it } from 'vitest';
import { maximumThreadTitleLength, untitledThreadTitle } from './thread-title.ts';
import { threadTitleFromMessage } from './thread-title-from-message.ts';

describe('threadTitleFromMessage', () => {
  it('takes the first sentence and drops its full stop', () => {
    expect(
      threadTitleFromMessage('Show me a chart of revenue by month. Use blue bars and label both axes.'),
    ).toBe('Show me a chart of revenue by month');
  });

  it('keeps a question mark, which says what kind of chat it is', () => {
    expect(threadTitleFromMessage('what is the tallest mountain in Europe? and in Asia?')).toBe(
      'what is the tallest mountain in Europe?',
    );
  });

  it('takes a second sentence when the first is only a greeting', () => {
    expect(threadTitleFromMessage('Hi! Can you draw a solar system? Thanks.')).toBe(
      'Hi! Can you draw a solar system?',
    );
  });

  it('stops at the end of the first line', () => {
    expect(threadTitleFromMessage('Plot sales by region for 2024\n\nregion,sales\nnorth,12')).toBe(
      'Plot sales by region for 2024',
    );
  });

  it('reads markdown as plain words', () => {
    expect(threadTitleFromMessage('## **Compare** `map` and [forEach](https://example.com) in JS')).toBe(
      'Compare map and forEach in JS',
    );
  });

  it('leaves code blocks out of the title', () => {
    expect(threadTitleFromMessage('Why does this loop never end?\n```js\nwhile (true) {}\n```')).toBe(
      'Why does this loop never end?',
    );
  });

  it('titles a message that is only code by its first line of code', () => {
    expect(threadTitleFromMessage('```python\n\nimport numpy as np\nprint(np.zeros(3))\n```')).toBe(
      'import numpy as np',
    );
  });

  it('does not cut inside a number or an abbreviation-free decimal', () => {
    expect(threadTitleFromMessage('Explain why 0.1 + 0.2 is not 0.3 in floating point')).toBe(
      'Explain why 0.1 + 0.2 is not 0.3 in floating point',
    );
  });

  it('cuts a long first sentence at a word boundary', () => {
    const title = threadTitleFromMessage(
      'Build me an interactive solar system with orbiting planets and labels for each one and a speed slider.',
    );
    expect(title).toBe('Build me an interactive solar system with orbiting planets…');
    expect(title.length).toBeLessThanOrEqual(maximumThreadTitleLength);
  });

  it('falls back to the untitled name for text with no words', () => {
    expect(threadTitleFromMessage('  **  ')).toBe(untitledThreadTitle);
  });
});
