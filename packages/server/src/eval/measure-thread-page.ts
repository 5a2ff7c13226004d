import type { ElementHandle, Frame, Page } from 'playwright-core';
import { browserCall } from './browser-call.ts';
import type { AccessibilityScore, SizeScore } from './eval-summary.ts';
import { lastTurnSelector } from './last-turn.ts';
import { measureThemeContrast, type ThemeContrastCounts } from './measure-theme-contrast.ts';
import { combineAccessibility, scanAccessibility } from './scan-accessibility.ts';

/** A generated widget on the page: its iframe element and the document inside it. */
export interface WidgetFrame {
  element: ElementHandle<Node>;
  frame: Frame;
}

/** Every generated widget frame on the page whose document is there. */
export async function findWidgetFrames({ page }: { page: Page }): Promise<WidgetFrame[]> {
  const found: WidgetFrame[] = [];
  for (const element of await page.locator(widgetFrameSelector).elementHandles()) {
    const frame = await element.contentFrame();
    if (frame !== null) found.push({ element, frame });
  }
  return found;
}

export const widgetFrameSelector = 'iframe.db-widget-frame';

/** axe-core in each widget frame, plus the host page's typed components when the reply drew any. */
export async function measureAccessibility({
  page,
  frames,
  typedWidgets,
}: {
  page: Page;
  frames: readonly WidgetFrame[];
  typedWidgets: boolean;
}): Promise<AccessibilityScore> {
  const scores: AccessibilityScore[] = [];
  for (const { frame } of frames) scores.push(await scanAccessibility({ frame }));
  // Typed widgets are the app's own components; they are scanned in the page, without the generated frames.
  if (typedWidgets) {
    scores.push(
      await scanAccessibility({
        frame: page.mainFrame(),
        include: lastTurnSelector,
        exclude: '.db-widget-card',
      }),
    );
  }
  return combineAccessibility(scores);
}

/** Width and height of the widget frames (of the turn, for typed widgets), and horizontal overflow. */
export async function measureWidgetSize({
  page,
  frames,
}: {
  page: Page;
  frames: readonly WidgetFrame[];
}): Promise<SizeScore> {
  const boxes = await page
    .locator(lastTurnSelector)
    .evaluateAll((elements) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .map((box) => ({ width: box.width, height: box.height })),
    );
  let overflowsHorizontally = false;
  for (const { frame } of frames) {
    overflowsHorizontally ||= await frame
      .evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
      .catch(() => false);
  }
  const frameBoxes = await page
    .locator(widgetFrameSelector)
    .evaluateAll((elements) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .map((box) => ({ width: box.width, height: box.height })),
    );
  const measured = frameBoxes.length > 0 ? frameBoxes : boxes;
  return {
    width: Math.round(Math.max(0, ...measured.map((box) => box.width))),
    height: Math.round(measured.reduce((sum, box) => sum + box.height, 0)),
    overflowsHorizontally,
  };
}

/** Theme contrast counts in each widget frame and in the turn's typed components. */
export async function measureDarkTheme({
  page,
  frames,
}: {
  page: Page;
  frames: readonly WidgetFrame[];
}): Promise<ThemeContrastCounts[]> {
  const counts: ThemeContrastCounts[] = [];
  for (const { element, frame } of frames) {
    // A widget is transparent by default, so its surface is whatever the host card paints behind it.
    const fallbackSurface =
      (await element.evaluate((element) => {
        for (
          let current: Element | null = element as Element;
          current !== null;
          current = current.parentElement
        ) {
          const background = getComputedStyle(current).backgroundColor;
          if (!/rgba\([^)]*,\s*0\)|transparent/.test(background)) return background;
        }
        return 'rgb(0, 0, 0)';
      })) ?? 'rgb(0, 0, 0)';
    counts.push(
      (await frame.evaluate(
        browserCall(measureThemeContrast, { rootSelector: 'body', excludeSelector: null, fallbackSurface }),
      )) as ThemeContrastCounts,
    );
  }
  counts.push(
    (await page.evaluate(
      browserCall(measureThemeContrast, {
        rootSelector: lastTurnSelector,
        excludeSelector: '.db-widget-card, .prose, .db-message__avatar',
        fallbackSurface: 'rgb(0, 0, 0)',
      }),
    )) as ThemeContrastCounts,
  );
  return counts;
}
