import type { DarkThemeScore } from './eval-summary.ts';
import type { ThemeContrastCounts } from './measure-theme-contrast.ts';

/** At most this share of text may sit on light surfaces, or read under 3:1, for the widget to follow the dark theme. */
export const darkThemeTolerance = { lightSurfaceShare: 0.25, lowContrastShare: 0.1 };

/** Adds up the counts of every document of a case; a widget with no measurable text follows by default. */
export function scoreDarkTheme({ counts }: { counts: readonly ThemeContrastCounts[] }): DarkThemeScore {
  const total = counts.reduce(
    (sum, part) => ({
      textElements: sum.textElements + part.textElements,
      onLightSurface: sum.onLightSurface + part.onLightSurface,
      lowContrast: sum.lowContrast + part.lowContrast,
    }),
    { textElements: 0, onLightSurface: 0, lowContrast: 0 },
  );
  const share = (value: number) => (total.textElements === 0 ? 0 : round(value / total.textElements));
  const lightSurfaceShare = share(total.onLightSurface);
  const lowContrastShare = share(total.lowContrast);
  return {
    textElements: total.textElements,
    lightSurfaceShare,
    lowContrastShare,
    follows:
      lightSurfaceShare <= darkThemeTolerance.lightSurfaceShare &&
      lowContrastShare <= darkThemeTolerance.lowContrastShare,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
