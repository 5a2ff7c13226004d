import { describe, expect, it } from 'vitest';
import { scoreDarkTheme } from './score-dark-theme.ts';

describe('scoreDarkTheme', () => {
  it('adds the counts of every document and follows while both shares are small', () => {
    expect(
      scoreDarkTheme({
        counts: [
          { textElements: 8, onLightSurface: 1, lowContrast: 0 },
          { textElements: 2, onLightSurface: 0, lowContrast: 1 },
        ],
      }),
    ).toEqual({ textElements: 10, lightSurfaceShare: 0.1, lowContrastShare: 0.1, follows: true });
  });

  it('does not follow when much of the text sits on light surfaces, or reads poorly', () => {
    expect(scoreDarkTheme({ counts: [{ textElements: 4, onLightSurface: 2, lowContrast: 0 }] }).follows).toBe(
      false,
    );
    expect(scoreDarkTheme({ counts: [{ textElements: 5, onLightSurface: 0, lowContrast: 1 }] }).follows).toBe(
      false,
    );
  });

  it('follows by default when nothing is measurable (a canvas-only widget)', () => {
    expect(scoreDarkTheme({ counts: [] })).toEqual({
      textElements: 0,
      lightSurfaceShare: 0,
      lowContrastShare: 0,
      follows: true,
    });
  });
});
