import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment-disposition.ts';

describe('attachmentDisposition', () => {
  it('names a plain file directly', () => {
    expect(attachmentDisposition({ fileName: 'dice-roller.html', fallback: 'w.html' })).toBe(
      'attachment; filename="dice-roller.html"',
    );
  });

  it('sends any other name encoded, with a plain fallback', () => {
    expect(attachmentDisposition({ fileName: '日本.html', fallback: 'drawbridge-widget-w1.html' })).toBe(
      `attachment; filename="drawbridge-widget-w1.html"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.html`,
    );
    expect(attachmentDisposition({ fileName: 'a"b.html', fallback: 'w.html' })).toBe(
      `attachment; filename="w.html"; filename*=UTF-8''a%22b.html`,
    );
  });
});
