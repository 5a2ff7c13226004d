import { clampWidgetHeight, maximumWidgetHeight } from '@drawbridge/protocol/widget-height';

/**
 * Reports the height the widget needs so the host can size the iframe to fit it: a frame that is even a
 * fraction of a pixel too small shows scrollbars, and a horizontal scrollbar takes height from the content
 * (the control row at the bottom of a widget is the first thing cut off).
 *
 * It measures the widget root, not the document (the document is at least as tall as the iframe,
 * so measuring it would only ever grow), rounds up to whole pixels (a 404.3 px widget in a 404 px frame
 * overflows) and adds the height of a horizontal scrollbar when the content is wider than the frame, so the
 * frame still shows all of it. The document itself never scrolls vertically: the host sizes the frame to
 * the reported height, and a scrollbar shown only while the frame catches up (its height animates) would
 * narrow the content, reflow it and resize its canvas. Only content taller than the largest frame scrolls.
 *
 * Reports are clamped, sent at most once per animation frame and only when the value changes. One feedback
 * loop remains possible: content sized by the viewport (`height: 100vh`) grows whenever the host grows the
 * iframe. A growth that comes with a viewport growth (in the same measurement) at least one-for-one, with no
 * widget change in between, is that loop, and it is not reported.
 *
 * Nothing is reported while the root is still empty: a frame replaying a finished widget measures
 * before its markup lands, and reporting that empty root (the minimum height) would collapse the
 * card and spring it back, moving everything below it.
 */

export class HeightReporter {
  private readonly root: Element;
  private readonly window: Window;
  private readonly report: (px: number) => void;
  private readonly observer: ResizeObserver;
  private scheduled = false;
  private lastReported = -1;
  private lastMeasured = 0;
  private lastViewportHeight: number;
  private contentChangedSinceMeasure = true;

  constructor({
    root,
    window: target,
    report,
  }: { root: Element; window: Window; report: (px: number) => void }) {
    this.root = root;
    this.window = target;
    this.report = report;
    this.lastViewportHeight = target.innerHeight;
    this.setVerticalScrolling(false);
    this.observer = new ResizeObserver(() => this.schedule());
    this.observer.observe(root);
    // The viewport grows when the host applies a report; measuring then (nothing changes, nothing is sent)
    // moves the baseline, so a growth of the widget later on (a row added by a click, a narrower window) is
    // not mistaken for content that follows the viewport. Only a growth in the same frame as the viewport's is.
    target.addEventListener('resize', () => this.schedule());
  }

  /** Called by the runtime whenever it changed the widget (markup, CSS, script), so a growth is genuine. */
  noteContentChanged(): void {
    this.contentChangedSinceMeasure = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.window.requestAnimationFrame(() => {
      this.scheduled = false;
      this.measure();
    });
  }

  private measure(): void {
    if (this.lastReported < 0 && this.root.childNodes.length === 0) return;
    const measured = Math.ceil(this.root.getBoundingClientRect().height) + this.horizontalScrollbarHeight();
    const viewportHeight = this.window.innerHeight;
    const viewportGrowth = viewportHeight - this.lastViewportHeight;
    const contentGrowth = measured - this.lastMeasured;
    const followsViewport =
      !this.contentChangedSinceMeasure && viewportGrowth > 0 && contentGrowth >= viewportGrowth - 1;
    this.lastViewportHeight = viewportHeight;
    this.lastMeasured = measured;
    this.contentChangedSinceMeasure = false;
    const px = clampWidgetHeight(measured);
    if (followsViewport) {
      // Taken as reported, so the next measurement (the root's resize observer sees the same growth) does not
      // send what this one held back.
      this.lastReported = px;
      return;
    }
    this.setVerticalScrolling(measured > maximumWidgetHeight);
    if (px === this.lastReported) return;
    this.lastReported = px;
    this.report(px);
  }

  /** The height a horizontal scrollbar takes from the document (0 without one, or with overlay scrollbars). */
  private horizontalScrollbarHeight(): number {
    const documentElement = this.window.document.documentElement;
    if (documentElement.scrollWidth <= documentElement.clientWidth) return 0;
    return Math.max(0, this.window.innerHeight - documentElement.clientHeight);
  }

  private setVerticalScrolling(enabled: boolean): void {
    this.window.document.documentElement.style.overflowY = enabled ? 'auto' : 'hidden';
  }
}
