import type { Page } from 'playwright-core';
import type { EvalProblem } from './eval-problem.ts';
import { findWidgetFrames } from './measure-thread-page.ts';

/** The window sizes people read a chat at: common desktop widths, a small laptop, a phone. */
export const frameFitViewports = [
  { width: 1440, height: 900 },
  { width: 1280, height: 900 },
  { width: 1024, height: 800 },
  { width: 800, height: 800 },
  { width: 390, height: 844 },
] as const;

/** One widget frame at one window width: the size of its content and the size the frame shows. */
export interface FrameFitMeasurement {
  viewportWidth: number;
  content: { width: number; height: number };
  frame: { width: number; height: number };
}

/** Whether the content needs more room than the frame shows (a pixel of rounding allowed). */
export function scrollsInFrame({ content, frame }: FrameFitMeasurement): boolean {
  return content.width > frame.width + 1 || content.height > frame.height + 1;
}

/**
 * One `scrolls_in_frame` problem for a widget that scrolls inside its frame at any of the widths, naming
 * every such width and the first one's sizes; undefined when it fits at all of them.
 */
export function describeFrameOverflow({
  widgetNumber,
  measurements,
}: {
  /** 1-based, in the page's order. */
  widgetNumber: number;
  measurements: readonly FrameFitMeasurement[];
}): EvalProblem | undefined {
  const scrolling = measurements.filter(scrollsInFrame);
  const first = scrolling[0];
  if (first === undefined) return undefined;
  const widths = scrolling.map((measurement) => `${measurement.viewportWidth}`);
  const listed = widths.length === 1 ? widths[0] : `${widths.slice(0, -1).join(', ')} and ${widths.at(-1)}`;
  return {
    code: 'scrolls_in_frame',
    phase: 'render',
    message:
      `Widget ${widgetNumber} scrolls inside its frame in a window ${listed} px wide: at ${first.viewportWidth} px ` +
      `its content is ${first.content.width}×${first.content.height} px in a ` +
      `${first.frame.width}×${first.frame.height} px frame, so part of it is cut off or behind scrollbars.`,
  };
}

/**
 * Resizes the page to each of `viewports` and measures every widget frame once it has settled, then puts the
 * page back at `restoreTo`. The host sizes each frame to its widget's height, but a widget wider than the
 * column, or one whose layout changes with the width, can still scroll inside its frame, and only at some
 * widths: a check at one window size misses a widget that is cut off on the desktop.
 */
export async function checkFrameFit({
  page,
  viewports = frameFitViewports,
  restoreTo,
  settleTimeoutMs = 15_000,
  stillForMs = 1_500,
}: {
  page: Page;
  viewports?: ReadonlyArray<{ width: number; height: number }>;
  restoreTo: { width: number; height: number };
  /** The longest a frame that still scrolls at one width may take to fit before it counts. */
  settleTimeoutMs?: number;
  /** How long a frame that scrolls must stay exactly as it is to count before the deadline. */
  stillForMs?: number;
}): Promise<EvalProblem[]> {
  const byWidget: FrameFitMeasurement[][] = [];
  try {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      // A widget that fits is done as soon as it does. One that scrolls is judged once nothing has moved for a
      // while (its frame has stopped catching up with the new width: on a busy machine that can take seconds),
      // or at the deadline.
      const deadline = Date.now() + settleTimeoutMs;
      let measured: Array<FrameFitMeasurement | undefined> = [];
      let unchangedSince = Date.now();
      for (;;) {
        const previous = JSON.stringify(measured);
        await settleLayout({ page, timeoutMs: Math.max(0, deadline - Date.now()) });
        measured = await measureFrames({ page, viewportWidth: viewport.width });
        if (!measured.some((measurement) => measurement && scrollsInFrame(measurement))) break;
        if (JSON.stringify(measured) !== previous) unchangedSince = Date.now();
        else if (Date.now() - unchangedSince >= stillForMs) break;
        if (Date.now() >= deadline) break;
      }
      for (const [index, measurement] of measured.entries()) {
        if (measurement === undefined) continue;
        byWidget[index] = [...(byWidget[index] ?? []), measurement];
      }
    }
  } finally {
    await page.setViewportSize(restoreTo);
    await settleLayout({ page, timeoutMs: stillForMs });
  }
  return byWidget.flatMap((measurements, index) => {
    const problem = describeFrameOverflow({ widgetNumber: index + 1, measurements });
    return problem === undefined ? [] : [problem];
  });
}

/** Every widget frame's content and visible size, in page order; undefined for a frame that is gone. */
async function measureFrames({
  page,
  viewportWidth,
}: {
  page: Page;
  viewportWidth: number;
}): Promise<Array<FrameFitMeasurement | undefined>> {
  const measured: Array<FrameFitMeasurement | undefined> = [];
  for (const { element, frame } of await findWidgetFrames({ page })) {
    const frameBox = await element
      .evaluate((node) => ({
        width: (node as HTMLIFrameElement).clientWidth,
        height: (node as HTMLIFrameElement).clientHeight,
      }))
      .catch(() => undefined);
    const content = await frame
      .evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }))
      .catch(() => undefined);
    measured.push(
      frameBox === undefined || content === undefined
        ? undefined
        : { viewportWidth, content, frame: frameBox },
    );
  }
  return measured;
}

/**
 * Waits until the page stops moving after a resize: frames have re-measured their widgets and the host's
 * height transitions have ended, i.e. every frame box reads the same over eight animation frames with no
 * transition running. Bounded: a widget that animates forever is measured as it stands at the deadline.
 */
async function settleLayout({ page, timeoutMs }: { page: Page; timeoutMs: number }): Promise<void> {
  await page
    .waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const read = () =>
            Array.from(document.querySelectorAll('iframe.db-widget-frame'), (frame) => {
              const box = frame.getBoundingClientRect();
              return `${box.width}x${box.height}`;
            }).join(',');
          const before = read();
          let frames = 0;
          const step = () => {
            frames += 1;
            // Eight frames: a frame measures, posts its height and the host starts a transition within two.
            if (frames < 8) {
              requestAnimationFrame(step);
              return;
            }
            const moving = document
              .getAnimations()
              .some((animation) => animation.playState === 'running' && animation instanceof CSSTransition);
            resolve(!moving && read() === before);
          };
          requestAnimationFrame(step);
        }),
      undefined,
      { timeout: timeoutMs, polling: 50 },
    )
    .catch(() => undefined);
}
