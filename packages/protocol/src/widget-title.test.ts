import { describe, expect, it } from 'vitest';
import { widgetFileName, widgetTitle } from './widget-title.ts';

describe('widgetTitle', () => {
  it('reads a <title>, else the first h1–h3 as plain text, else an aria-label', () => {
    expect(widgetTitle('<title>Tally &amp; co</title><h1>Other</h1>')).toBe('Tally & co');
    expect(widgetTitle('<div><h2 class="t"><span>🎲</span> Dice\n  roller</h2><h1>Later</h1></div>')).toBe(
      '🎲 Dice roller',
    );
    expect(widgetTitle('<section aria-label="Unit converter"><p>x</p></section>')).toBe('Unit converter');
    expect(widgetTitle('<p>No name here</p>')).toBeUndefined();
    expect(widgetTitle('<h1>   </h1>')).toBeUndefined();
  });

  it('is at most 80 characters', () => {
    const title = widgetTitle(`<h1>${'word '.repeat(40)}</h1>`);
    expect(title?.length).toBeLessThanOrEqual(80);
    expect(title?.endsWith('…')).toBe(true);
  });
});

describe('widgetFileName', () => {
  it('is the title in lower-case words joined by hyphens', () => {
    expect(widgetFileName({ html: '<h2>🎲 Dice Roller!</h2>', id: 'w1' })).toBe('dice-roller.html');
    expect(widgetFileName({ html: '<h1>Café "menu" / prices</h1>', id: 'w1' })).toBe('cafe-menu-prices.html');
    expect(widgetFileName({ html: '<h1>日本の天気</h1>', id: 'w1' })).toBe('日本の天気.html');
  });

  it('drops what a file system or a header could trip on, and falls back to the id', () => {
    const name = widgetFileName({ html: '<h1>../../etc/passwd\r\nX: y; "z"</h1>', id: 'w1' });
    expect(name).toBe('etc-passwd-x-y-z.html');
    expect(widgetFileName({ html: '<h1>🎲🎲</h1>', id: 'w-9' })).toBe('drawbridge-widget-w-9.html');
    expect(widgetFileName({ html: '', id: 'w-9' })).toBe('drawbridge-widget-w-9.html');
  });
});
