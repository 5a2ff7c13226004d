import type { Browser, Frame, Page } from 'playwright-core';
import { browserCall } from './browser-call.ts';
import type { EvalProblem } from './eval-problem.ts';
import type { AccessibilityScore, EvalScores } from './eval-summary.ts';
import { FrameMessageLog } from './frame-message-log.ts';
import { measureThemeContrast, type ThemeContrastCounts } from './measure-theme-contrast.ts';
import { pokeWidget } from './poke-widget.ts';
import { combineAccessibility, scanAccessibility } from './scan-accessibility.ts';
import { scoreDarkTheme } from './score-dark-theme.ts';

export interface ThreadInspection {
  problems: EvalProblem[];
  scores: EvalScores;
  /** The last turn as the user saw it, light and dark. */
  screenshots: { light: Buffer; dark: Buffer } | undefined;
}

/** Wide enough for the app's reading column, tall enough that a large widget fits one screenshot. */
export const inspectionViewport = { width: 1100, height: 1400 };

const widgetFrameSelector = 'iframe.widget-frame';
// Set by `markLastTurn`: the assistant messages after the last user message.
const lastTurnSelector = '[data-eval-last-turn]';

/**
 * Opens the thread in the real web app and inspects it the way its user meets it: the app's transcript draws
 * the stored widgets (generated ones in the real sandboxed frame, typed ones as the app's components), then
 * the eval waits for each frame to render, takes a light and a dark screenshot, scores accessibility, size and
 * the dark theme, and pokes every widget while the host page records each error the frames report.
 */
export async function inspectThreadPage({
  browser,
  baseUrl,
  threadId,
  renderTimeoutMs,
  typedWidgets,
  completeWidgets,
}: {
  browser: Browser;
  baseUrl: string;
  threadId: string;
  renderTimeoutMs: number;
  /** Whether the reply drew typed components, which are scanned in the host page. */
  typedWidgets: boolean;
  /** Generated widgets whose reply reached `@@END@@`: only those can run their script. */
  completeWidgets: number;
}): Promise<ThreadInspection> {
  const context = await browser.newContext({ viewport: inspectionViewport, colorScheme: 'light' });
  const log = new FrameMessageLog();
  try {
    await log.attach(context);
    const page = await context.newPage();
    // Links a widget opens go to the outside world, which an eval neither needs nor may reach.
    context.on('page', (opened) => void (opened !== page && opened.close().catch(() => undefined)));
    await page.goto(`${baseUrl}/#/t/${threadId}`);
    await page.locator('.message--user').first().waitFor({ timeout: renderTimeoutMs });
    await page.locator('.message--assistant').first().waitFor({ timeout: renderTimeoutMs });

    await markLastTurn(page);
    const widgetCount = Math.min(completeWidgets, await page.locator(widgetFrameSelector).count());
    await waitForFramesToRender({ page, log, widgetCount, renderTimeoutMs });
    const frames = await widgetFrames(page);
    for (const message of await page.locator('.widget-problem').allTextContents()) {
      log.problems.push({ code: 'typed_widget_problem', phase: 'render', message: message.trim() });
    }

    const scores: EvalScores = {};
    const light = await screenshotLastTurn(page);
    scores.accessibility = await scoreAccessibility({ page, frames, typedWidgets });
    scores.size = await measureSize({ page, frames });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    for (const frame of frames) {
      await frame
        .waitForFunction(() => document.documentElement.dataset.theme === 'dark')
        .catch(() => undefined);
    }
    await settleFrames(frames);
    const dark = await screenshotLastTurn(page);
    scores.darkTheme = scoreDarkTheme({ counts: await measureDarkTheme({ page, frames }) });

    log.phase = 'interaction';
    const interaction = { actions: 0, skipped: 0 };
    for (const frame of frames) {
      const poked = await pokeWidget({ page, frame, onAction: (description) => (log.action = description) });
      interaction.actions += poked.actions;
      interaction.skipped += poked.skipped;
    }
    // Timers a poke started (a countdown's first tick, a debounced search) get one more second to fail.
    await page.waitForTimeout(1_000);
    scores.interaction = interaction;
    return { problems: log.problems, scores, screenshots: { light, dark } };
  } finally {
    await context.close();
  }
}

async function waitForFramesToRender({
  page,
  log,
  widgetCount,
  renderTimeoutMs,
}: {
  page: Page;
  log: FrameMessageLog;
  widgetCount: number;
  renderTimeoutMs: number;
}): Promise<void> {
  const deadline = Date.now() + renderTimeoutMs;
  while (log.renderedCount < widgetCount && log.problems.length === 0) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    await Promise.race([log.nextChange(), page.waitForTimeout(Math.min(remaining, 250))]);
  }
  if (log.renderedCount < widgetCount && log.problems.length === 0) {
    log.problems.push({
      code: 'not_rendered',
      phase: 'render',
      message: `${widgetCount - log.renderedCount} of ${widgetCount} widget(s) did not finish running their script within ${renderTimeoutMs / 1000} s.`,
    });
  }
}

async function widgetFrames(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const handle of await page.locator(widgetFrameSelector).elementHandles()) {
    const frame = await handle.contentFrame();
    if (frame !== null) frames.push(frame);
  }
  return frames;
}

async function settleFrames(frames: readonly Frame[]): Promise<void> {
  for (const frame of frames) {
    await frame
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      .catch(() => undefined);
  }
}

async function screenshotLastTurn(page: Page): Promise<Buffer> {
  await page.locator(lastTurnSelector).last().scrollIntoViewIfNeeded();
  const clip = await page.evaluate((selector) => {
    const boxes = Array.from(document.querySelectorAll(selector), (element) =>
      element.getBoundingClientRect(),
    );
    const left = Math.min(...boxes.map((box) => box.left));
    const top = Math.min(...boxes.map((box) => box.top));
    const right = Math.max(...boxes.map((box) => box.right));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const margin = 8;
    return {
      x: Math.max(0, left - margin),
      y: Math.max(0, top - margin),
      width: Math.min(window.innerWidth, right + margin) - Math.max(0, left - margin),
      height: Math.min(window.innerHeight, bottom + margin) - Math.max(0, top - margin),
    };
  }, lastTurnSelector);
  return page.screenshot({ clip, animations: 'disabled' });
}

async function markLastTurn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const messages = Array.from(document.querySelectorAll('.message'));
    const lastUser = messages.map((message) => message.classList.contains('message--user')).lastIndexOf(true);
    for (const message of messages.slice(lastUser + 1)) message.setAttribute('data-eval-last-turn', '');
  });
}

async function scoreAccessibility({
  page,
  frames,
  typedWidgets,
}: {
  page: Page;
  frames: readonly Frame[];
  typedWidgets: boolean;
}): Promise<AccessibilityScore> {
  const scores: AccessibilityScore[] = [];
  for (const frame of frames) scores.push(await scanAccessibility({ frame }));
  // Typed widgets are the app's own components; they are scanned in the page, without the generated frames.
  if (typedWidgets) {
    scores.push(
      await scanAccessibility({
        frame: page.mainFrame(),
        include: lastTurnSelector,
        exclude: '.widget-card',
      }),
    );
  }
  return combineAccessibility(scores);
}

async function measureSize({
  page,
  frames,
}: {
  page: Page;
  frames: readonly Frame[];
}): Promise<EvalScores['size']> {
  const boxes = await page
    .locator(lastTurnSelector)
    .evaluateAll((elements) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .map((box) => ({ width: box.width, height: box.height })),
    );
  let overflowsHorizontally = false;
  for (const frame of frames) {
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

async function measureDarkTheme({
  page,
  frames,
}: {
  page: Page;
  frames: readonly Frame[];
}): Promise<ThemeContrastCounts[]> {
  const counts: ThemeContrastCounts[] = [];
  const frameHandles = await page.locator(widgetFrameSelector).elementHandles();
  for (const [index, frame] of frames.entries()) {
    // A widget is transparent by default, so its surface is whatever the host card paints behind it.
    const fallbackSurface =
      (await frameHandles[index]?.evaluate((element) => {
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
        excludeSelector: '.widget-card, .prose, .message__avatar',
        fallbackSurface: 'rgb(0, 0, 0)',
      }),
    )) as ThemeContrastCounts,
  );
  return counts;
}
