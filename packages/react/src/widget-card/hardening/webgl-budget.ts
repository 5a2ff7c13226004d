/** Browsers keep 8–16 live WebGL contexts before they silently drop the oldest; stay under that. */
export const defaultLiveWidgetLimit = 12;

/** A widget frame as the budget sees it. */
export interface BudgetedWidget {
  /** Pixels between the widget and the viewport; 0 while any part of it is on screen. */
  distanceFromViewport(): number;
  /** Frees the widget's frame (and with it every WebGL context) and shows a restorable placeholder. */
  release(): void;
}

/** What a frame has said about WebGL: nothing yet (`pending`), or how many contexts it holds. */
type WebglState = 'pending' | number;

/**
 * Keeps at most `limit` widget frames that may hold a WebGL context alive on a page. A frame counts from
 * its admission, since a 3D widget creates its context before any report of it can arrive, until it says
 * it settled holding none (a calculator, a form or a table), and again from any context it creates later.
 * When one more counts, the farthest off-screen counted widgets are released; widgets on screen are never
 * released, so a restored widget (on screen, since it scrolled into view) pushes out a distant one instead.
 */
export class WebglBudget {
  readonly limit: number;
  private readonly live = new Map<BudgetedWidget, WebglState>();

  constructor({ limit = defaultLiveWidgetLimit }: { limit?: number } = {}) {
    this.limit = limit;
  }

  /**
   * Counts a new widget frame as pending and enforces the limit without releasing the newcomer itself (it
   * may sit just below the viewport, about to be scrolled to); returns the function that withdraws it.
   */
  admit(widget: BudgetedWidget): () => void {
    this.live.set(widget, 'pending');
    this.enforce({ keep: widget });
    return () => {
      this.live.delete(widget);
    };
  }

  /**
   * Records how many WebGL contexts an admitted widget holds (0 once it settled without one: it stops
   * counting) and enforces the limit without releasing that widget itself.
   */
  noteWebglContexts(widget: BudgetedWidget, contexts: number): void {
    if (!this.live.has(widget)) return;
    this.live.set(widget, contexts);
    if (contexts > 0) this.enforce({ keep: widget });
  }

  /** How many widgets count now: pending ones and those holding a WebGL context. */
  liveCount(): number {
    return this.counted().length;
  }

  private counted(): BudgetedWidget[] {
    return [...this.live].filter(([, state]) => state === 'pending' || state > 0).map(([widget]) => widget);
  }

  /** Releases the farthest off-screen counted widgets (never `keep`) until the limit holds; returns those released. */
  enforce({ keep }: { keep?: BudgetedWidget } = {}): BudgetedWidget[] {
    const counted = this.counted();
    const excess = counted.length - this.limit;
    if (excess <= 0) {
      return [];
    }
    const offScreen = counted
      .filter((widget) => widget !== keep)
      .map((widget) => ({ widget, distance: widget.distanceFromViewport() }))
      .filter(({ distance }) => distance > 0)
      .sort((left, right) => right.distance - left.distance)
      .slice(0, excess)
      .map(({ widget }) => widget);
    for (const widget of offScreen) {
      this.live.delete(widget);
      widget.release();
    }
    return offScreen;
  }
}

/** Pixels between an element's box and the viewport (0 when they overlap). */
export function distanceFromViewport(element: Element, viewportHeight: number): number {
  const box = element.getBoundingClientRect();
  if (box.bottom < 0) {
    return -box.bottom;
  }
  if (box.top > viewportHeight) {
    return box.top - viewportHeight;
  }
  return 0;
}

/** The page's budget, shared by every widget card. */
export const pageWebglBudget = new WebglBudget();
