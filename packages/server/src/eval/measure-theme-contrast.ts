/** Raw counts from one document; `scoreDarkTheme` turns the counts of every widget into a score. */
export interface ThemeContrastCounts {
  textElements: number;
  onLightSurface: number;
  lowContrast: number;
}

/**
 * Runs inside a page or widget frame (handed to Playwright's `evaluate`, so it must not close over
 * anything): for every visible element that directly holds text, compares its text colour (SVG: fill)
 * with the first opaque background behind it, or `fallbackSurface` (the host's) where the widget is
 * transparent. Counts text on light surfaces and text under 3:1 contrast.
 */
export function measureThemeContrast({
  rootSelector,
  excludeSelector,
  fallbackSurface,
}: {
  rootSelector: string;
  excludeSelector: string | null;
  fallbackSurface: string;
}): ThemeContrastCounts {
  const parse = (colour: string): [number, number, number, number] | null => {
    const match = /rgba?\(([^)]+)\)/.exec(colour);
    if (!match?.[1]) return null;
    const parts = match[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const luminance = ([red, green, blue]: [number, number, number, number]): number => {
    const channel = (value: number) => {
      const share = value / 255;
      return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
  };
  const fallback = parse(fallbackSurface) ?? [0, 0, 0, 1];
  const surfaceOf = (element: Element): [number, number, number, number] => {
    for (let current: Element | null = element; current !== null; current = current.parentElement) {
      const background = parse(getComputedStyle(current).backgroundColor);
      if (background && background[3] >= 0.5) return background;
    }
    return fallback;
  };
  const counts = { textElements: 0, onLightSurface: 0, lowContrast: 0 };
  for (const root of Array.from(document.querySelectorAll(rootSelector))) {
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (excludeSelector !== null && element.closest(excludeSelector)) continue;
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!ownText) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0')
        continue;
      const isSvgText = element instanceof SVGElement;
      const text = parse(isSvgText ? style.fill : style.color);
      if (!text) continue;
      const surface = surfaceOf(element);
      const textLuminance = luminance(text);
      const surfaceLuminance = luminance(surface);
      const contrast =
        (Math.max(textLuminance, surfaceLuminance) + 0.05) /
        (Math.min(textLuminance, surfaceLuminance) + 0.05);
      counts.textElements += 1;
      if (surfaceLuminance > 0.4) counts.onLightSurface += 1;
      if (contrast < 3) counts.lowContrast += 1;
    }
  }
  return counts;
}
