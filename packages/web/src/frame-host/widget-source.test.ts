import { describe, expect, it } from 'vitest';
import { widgetSourceText } from './widget-source.ts';

describe('widgetSourceText', () => {
  it('writes the parts back in the wire format', () => {
    const text = widgetSourceText({
      height: 300,
      css: 'p{}\n',
      html: '<p>hi</p>',
      js: 'go()',
      complete: true,
    });
    expect(text).toBe('@@HEIGHT:300@@\n@@CSS@@\np{}\n@@HTML@@\n<p>hi</p>\n@@JS@@\ngo()\n@@END@@\n');
  });

  it('leaves out a height the model never gave', () => {
    const text = widgetSourceText({ height: null, css: '', html: '<b>x</b>', js: '', complete: false });
    expect(text.startsWith('@@CSS@@')).toBe(true);
  });
});
