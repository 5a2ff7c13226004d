import type { FrameTheme } from '@drawbridge/protocol';

/** Colours that stay apart for common colour-vision deficiencies and read on both backgrounds. */
const seriesColours: Record<FrameTheme, readonly string[]> = {
  light: ['#4f5bd5', '#0f9d76', '#e8890c', '#d6336c', '#1c7ed6', '#9c36b5', '#5c940d', '#7b8494'],
  dark: ['#8b94ff', '#3ddbb0', '#ffb454', '#f783ac', '#74c0fc', '#da77f2', '#a9e34b', '#aab3c2'],
};

/** Everything theme-dependent a canvas chart needs, since a canvas cannot read CSS variables. */
export interface ChartPalette {
  series: readonly string[];
  danger: string;
  /** Ended early without failing (an interrupted run): amber, apart from the danger red. */
  warning: string;
  quiet: string;
  text: string;
  mutedText: string;
  grid: string;
  surface: string;
  tooltipBackground: string;
  tooltipText: string;
}

export const chartPalettes: Record<FrameTheme, ChartPalette> = {
  light: {
    series: seriesColours.light,
    danger: '#e03131',
    warning: '#f08c00',
    quiet: '#adb5bd',
    text: '#16181d',
    mutedText: '#646b7a',
    grid: 'rgba(16, 24, 40, 0.07)',
    surface: '#ffffff',
    tooltipBackground: '#16181d',
    tooltipText: '#ffffff',
  },
  dark: {
    series: seriesColours.dark,
    danger: '#ff8787',
    warning: '#ffc078',
    quiet: '#5c6370',
    text: '#e6e8ee',
    mutedText: '#9aa1b2',
    grid: 'rgba(255, 255, 255, 0.07)',
    surface: '#181b22',
    tooltipBackground: '#f4f5f8',
    tooltipText: '#0f1115',
  },
};

/** A colour with transparency, for area fills and hover states. */
export function withAlpha(hexColour: string, alpha: number): string {
  const value = Number.parseInt(hexColour.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}
