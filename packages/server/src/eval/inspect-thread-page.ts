import type { Browser, Page } from 'playwright-core';
import { checkFrameFit } from './check-frame-fit.ts';
import type { EvalProblem } from './eval-problem.ts';
import type { EvalScores } from './eval-summary.ts';
import { FrameMessageLog } from './frame-message-log.ts';
import { markLastTurn, screenshotLastTurn } from './last-turn.ts';
import {
  findWidgetFrames,
  measureAccessibility,
  measureDarkTheme,
  measureWidgetSize,
  type WidgetFrame,
  widgetFrameSelector,
} from './measure-thread-page.ts';
import { pokeWidget } from './poke-widget.ts';
import { scoreDarkTheme } from './score-dark-theme.ts';

export interface ThreadInspection {
  problems: EvalProblem[];
  scores: EvalScores;
  /** The last turn as the user saw it, light and dark. */
  screenshots: { light: Buffer; dark: Buffer };
}

/** Wide enough for the app's reading column, tall enough that a large widget fits one screenshot. */
export const inspectionViewport = { width: 1100, height: 1400 };

/**
 * Opens the thread in the real web app and inspects it the way its user meets it: the app's transcript draws
 * the stored widgets (generated ones in the real sandboxed frame, typed ones as the app's components), then
 * the eval waits for each frame to render, checks at the window widths people use that no widget scrolls inside
 * its frame, takes a light and a dark screenshot, scores accessibility, size and the dark theme, and pokes every widget while the host page records each error the frames report.
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
    await page.locator('.db-message--assistant').first().waitFor({ timeout: renderTimeoutMs });

    await markLastTurn({ page });
    const widgetCount = Math.min(completeWidgets, await page.locator(widgetFrameSelector).count());
    await waitForFramesToRender({ page, log, widgetCount, renderTimeoutMs });
    const frames = await findWidgetFrames({ page });
    // An A2UI surface the page could not draw says why on its card, as a typed widget does.
    for (const message of await page.locator('.db-widget-problem, .a2ui-problem').allTextContents()) {
      log.problems.push({ code: 'typed_widget_problem', phase: 'render', message: message.trim() });
    }
    if (frames.length > 0)
      log.problems.push(...(await checkFrameFit({ page, restoreTo: inspectionViewport })));

    const scores: EvalScores = {};
    const light = await screenshotLastTurn({ page });
    scores.accessibility = await measureAccessibility({ page, frames, typedWidgets });
    scores.size = await measureWidgetSize({ page, frames });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    for (const { frame } of frames) {
      await frame
        .waitForFunction(() => document.documentElement.dataset.theme === 'dark')
        .catch(() => undefined);
    }
    await settleFrames({ frames });
    const dark = await screenshotLastTurn({ page });
    scores.darkTheme = scoreDarkTheme({ counts: await measureDarkTheme({ page, frames }) });

    log.phase = 'interaction';
    const interaction = { actions: 0, skipped: 0 };
    for (const { frame } of frames) {
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

async function settleFrames({ frames }: { frames: readonly WidgetFrame[] }): Promise<void> {
  for (const { frame } of frames) {
    await frame
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      .catch(() => undefined);
  }
}
