/** Browsers keep 8–16 live WebGL contexts before they silently drop the oldest; stay under that. */
export const defaultLiveWidgetLimit = 12;

/** A widget frame as the budget sees it. */
export interface BudgetedWidget {
  /** Pixels between the widget and the viewport; 0 while any part of it is on screen. */
  distanceFromViewport(): number;
  /** Frees the widget's frame (and with it every WebGL context) and shows a restorable placeholder. */
  release(): void;
}

/**
 * Keeps at most `limit` widget frames alive on a page. When one more is admitted, the farthest
 * off-screen widgets are released; widgets on screen are never released, so a restored widget
 * (on screen, since the user just asked for it) pushes out a distant one instead.
 */
export class WebglBudget {
  readonly limit: number;
  private readonly live = new Set<BudgetedWidget>();

  constructor({ limit = defaultLiveWidgetLimit }: { limit?: number } = {}) {
    this.limit = limit;
  }

  /**
   * Counts the widget as alive and enforces the limit without releasing the newcomer itself (it may
   * sit just below the viewport, about to be scrolled to); returns the function that withdraws it.
   */
  admit(widget: BudgetedWidget): () => void {
    this.live.add(widget);
    this.enforce({ keep: widget });
    return () => {
      this.live.delete(widget);
    };
  }

  /** How many widgets are alive now. */
  liveCount(): number {
    return this.live.size;
  }

  /** Releases the farthest off-screen widgets (never `keep`) until the limit holds; returns those released. */
  enforce({ keep }: { keep?: BudgetedWidget } = {}): BudgetedWidget[] {
    const excess = this.live.size - this.limit;
    if (excess <= 0) {
      return [];
    }
    const offScreen = [...this.live]
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
