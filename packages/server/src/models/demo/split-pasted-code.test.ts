import { describe, expect, it } from 'vitest';
import { isCodeLine, splitPastedCode } from './split-pasted-code.ts';

describe('splitPastedCode', () => {
  it('keeps the words and drops the pasted lines of code', () => {
    const split = splitPastedCode(
      'why does this not draw?\nconst line = new THREE.Line(geometry, material);\nscene.add(line);',
    );
    expect(split).toEqual({ prose: 'why does this not draw?', hasCode: true });
  });

  it('drops fenced blocks and inline code spans whole', () => {
    const split = splitPastedCode(
      'Chart this for me: `revenue.line()`\n```js\nplot(line, chart)\n```\nthanks',
    );
    expect(split.prose.replace(/\s+/g, ' ')).toBe('Chart this for me: thanks');
    expect(split.hasCode).toBe(true);
  });

  it('leaves a message without code as it is', () => {
    expect(splitPastedCode('Plot the income trend over the past twelve months as a line graph.')).toEqual({
      prose: 'Plot the income trend over the past twelve months as a line graph.',
      hasCode: false,
    });
  });

  it('reads a long line of words in one pass (no pattern backtracks over it)', () => {
    expect(isCodeLine(`${'make the line and the chart bigger '.repeat(400)}please`)).toBe(false);
    expect(isCodeLine(`${'.a .b > .c '.repeat(400)}{ color: red }`)).toBe(true);
  });

  it('recognises code of several languages and leaves sentences alone', () => {
    for (const line of [
      'function draw() {',
      '  return chart.line(data);',
      '}',
      '<div class="chart">',
      '.chart { color: red; }',
      'items.forEach((item) => {',
      'def plot(line):',
      'x = compute(line, 2);',
      '// a comment about the line chart',
    ])
      expect(isCodeLine(line), line).toBe(true);
    for (const line of [
      'Make the line thicker, please.',
      'Show me the solar system in 3D',
      'What are Saturn’s rings made of, and how old are they?',
      'Here are my answers:',
      '- Your name: Ada',
      'let me sign up',
      'if you can, draw a chart',
      'for a biology class, show a helix',
      'import the numbers and chart them',
      'return to the solar system',
      'class notes: the periodic table',
    ])
      expect(isCodeLine(line), line).toBe(false);
  });
});
