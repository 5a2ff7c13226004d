import { clampWidgetHeight } from '@drawbridge/protocol/widget-height';

/**
 * Reports the widget's content height so the host can size the iframe.
 *
 * It measures the widget root, not the document (the document is at least as tall as the iframe,
 * so measuring it would only ever grow). Reports are clamped, rounded, sent at most once per
 * animation frame and only when the value changes. One feedback loop remains possible: content
 * sized by the viewport (`height: 100vh`) grows whenever the host grows the iframe. A growth that
 * follows a viewport growth at least one-for-one with no widget change in between is that loop,
 * and it is not reported.
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
    this.observer = new ResizeObserver(() => this.schedule());
    this.observer.observe(root);
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
    const measured = this.root.getBoundingClientRect().height;
    const viewportHeight = this.window.innerHeight;
    const viewportGrowth = viewportHeight - this.lastViewportHeight;
    const contentGrowth = measured - this.lastMeasured;
    const followsViewport =
      !this.contentChangedSinceMeasure && viewportGrowth > 0 && contentGrowth >= viewportGrowth - 1;
    this.lastViewportHeight = viewportHeight;
    this.lastMeasured = measured;
    this.contentChangedSinceMeasure = false;
    if (followsViewport) return;
    const px = clampWidgetHeight(measured);
    if (px === this.lastReported) return;
    this.lastReported = px;
    this.report(px);
  }
}
