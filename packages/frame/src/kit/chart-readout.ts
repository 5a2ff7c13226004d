/** One place the reader can stop at: a label of a line or bar chart, a scatter point, a pie slice. */
export interface ReadoutStop {
  /** The label (or point, or slice) index handed to `onSelect`. */
  index: number;
  /** Where the tooltip points, in the chart box's pixels. */
  x: number;
  y: number;
  /** The drawn marks that light up while the stop is read. */
  marks: Element[];
  /** What the tooltip and the live region say. */
  text: string;
}

interface ChartReadoutOptions {
  container: HTMLElement;
  box: HTMLElement;
  tip: HTMLElement;
  live: HTMLElement;
  /** How a pointer position picks a stop: by x (columns), by y (horizontal bars), nearest (scatter), or the mark under it (pie). */
  pick: 'x' | 'y' | 'nearest' | 'mark';
  onSelect?: (index: number) => void;
  /** Draws (or hides, with `undefined`) the vertical guide of line and area charts. */
  guide?: (x: number | undefined) => void;
}

/**
 * The chart's readout: hover or tap a chart, or focus it and use the arrow keys (Home, End), and a tooltip
 * shows the values there while a polite live region says the same to a screen reader.
 */
export class ChartReadout {
  #options: ChartReadoutOptions;
  #stops: ReadoutStop[] = [];
  #selected = -1;

  constructor(options: ChartReadoutOptions) {
    this.#options = options;
    const { container } = options;
    container.addEventListener('pointermove', (event) => this.#pointAt(event));
    container.addEventListener('pointerdown', (event) => this.#pointAt(event));
    container.addEventListener('pointerleave', () => this.clear());
    container.addEventListener('blur', () => this.clear());
    container.addEventListener('keydown', (event) => this.#key(event));
  }

  /** The stops of the latest drawing; a stop being read stays selected at its new place. */
  setStops(stops: ReadoutStop[]): void {
    this.#stops = stops;
    if (this.#selected >= 0) this.select(this.#selected, { announce: false });
  }

  /** Reads the stop at `position` (clamped to the stops there are). */
  select(position: number, { announce = true } = {}): void {
    if (this.#stops.length === 0) return;
    for (const mark of this.#stops[this.#selected]?.marks ?? []) mark.classList.remove('active');
    this.#selected = Math.max(0, Math.min(this.#stops.length - 1, position));
    const stop = this.#stops[this.#selected]!;
    for (const mark of stop.marks) mark.classList.add('active');
    const { tip, box, live } = this.#options;
    tip.textContent = stop.text;
    tip.hidden = false;
    const half = tip.offsetWidth / 2;
    const left = Math.min(Math.max(stop.x, half), Math.max(half, box.clientWidth - half));
    tip.style.transform = `translate(${left - half}px, ${Math.max(0, stop.y - tip.offsetHeight - 12)}px)`;
    this.#options.guide?.(stop.x);
    if (announce) live.textContent = stop.text;
    this.#options.onSelect?.(stop.index);
  }

  clear(): void {
    if (this.#selected < 0) return;
    for (const mark of this.#stops[this.#selected]?.marks ?? []) mark.classList.remove('active');
    this.#selected = -1;
    this.#options.tip.hidden = true;
    this.#options.guide?.(undefined);
    this.#options.onSelect?.(-1);
  }

  #pointAt(event: PointerEvent): void {
    const bounds = this.#options.box.getBoundingClientRect();
    const x = event.clientX - bounds.left;
    const y = event.clientY - bounds.top;
    const { pick } = this.#options;
    if (pick === 'mark') {
      const mark = (event.target as Element).closest?.('[data-stop]');
      if (mark === null || mark === undefined) this.clear();
      else this.select(Number(mark.getAttribute('data-stop')));
      return;
    }
    if (y < 0 || y > bounds.height) {
      this.clear();
      return;
    }
    const distance = (stop: ReadoutStop) =>
      pick === 'x'
        ? Math.abs(stop.x - x)
        : pick === 'y'
          ? Math.abs(stop.y - y)
          : Math.hypot(stop.x - x, stop.y - y);
    let best = -1;
    this.#stops.forEach((stop, position) => {
      if (best < 0 || distance(stop) < distance(this.#stops[best]!)) best = position;
    });
    if (best >= 0 && best !== this.#selected) this.select(best);
  }

  #key(event: KeyboardEvent): void {
    const last = this.#stops.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: this.#selected + 1,
      ArrowDown: this.#selected + 1,
      ArrowLeft: this.#selected - 1,
      ArrowUp: this.#selected - 1,
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      this.clear();
      return;
    }
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    this.select(this.#selected < 0 && event.key.startsWith('Arrow') ? 0 : target);
  }
}
