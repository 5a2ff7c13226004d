import { describe, expect, it } from 'vitest';
import { createWidgetProgress } from './widget-progress.ts';

function stream({ inPlace }: { inPlace: boolean }) {
  const pieces: string[] = [];
  const progress = createWidgetProgress({ output: { write: (text: string) => pieces.push(text) }, inPlace });
  progress.onPart('height', '200');
  progress.onPart('css', 'a'.repeat(1024));
  progress.onPart('css', 'b'.repeat(512));
  progress.onPart('html', '<p>é</p>');
  progress.onPart('js', 'x'.repeat(2048));
  progress.onPart('end', '');
  progress.finish();
  return pieces;
}

describe('createWidgetProgress', () => {
  it('writes one plain line per finished part when not on a terminal', () => {
    expect(stream({ inPlace: false }).join('')).toBe(
      '\n(drawing a widget…)\n(widget CSS 1.5 KB)\n(widget markup 0.0 KB)\n(widget script 2.0 KB)\n',
    );
  });

  it('rewrites one status line in place on a terminal, naming the streaming part and its size', () => {
    const pieces = stream({ inPlace: true });
    expect(pieces).toContain('\r\u001b[2K(drawing a widget: CSS 1.0 KB…)');
    expect(pieces).toContain('\r\u001b[2K(drawing a widget: CSS 1.5 KB, markup 0.0 KB…)');
    expect(pieces.at(-1)).toBe('\r\u001b[2K(drew a widget: CSS 1.5 KB, markup 0.0 KB, script 2.0 KB)\n');
    expect(pieces.filter((piece) => piece.includes('\n'))).toHaveLength(2);
  });
});
