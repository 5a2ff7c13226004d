import { describe, expect, it } from 'vitest';
import { hasFencedCode } from './load-code-highlighter.ts';

describe('hasFencedCode', () => {
  it('sees a fence at the start of a line, with backticks or tildes', () => {
    expect(hasFencedCode('Here:\n```js\nrun()\n```')).toBe(true);
    expect(hasFencedCode('~~~\nplain\n~~~')).toBe(true);
    expect(hasFencedCode('   ```\nindented up to three spaces\n```')).toBe(true);
  });

  it('does not load the highlighter for inline code or prose', () => {
    expect(hasFencedCode('Use `npm test` and ``double`` ticks.')).toBe(false);
    expect(hasFencedCode('No code at all.')).toBe(false);
  });
});
