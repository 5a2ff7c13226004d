import { MarkupBuilder } from './markup-builder.ts';

/**
 * Applies streamed markup at most once per animation frame: deltas that arrive within one frame
 * are joined and handed to the builder together, so a burst of tiny chunks costs one DOM update.
 */
export class MarkupScheduler {
  private builder: MarkupBuilder;
  private readonly root: Element;
  private readonly window: Window;
  private readonly onApplied: () => void;
  private queued: string[] = [];
  private frameRequested = false;

  constructor({ root, window: target, onApplied }: { root: Element; window: Window; onApplied: () => void }) {
    this.builder = new MarkupBuilder({ root });
    this.root = root;
    this.window = target;
    this.onApplied = onApplied;
  }

  /** Queues a delta for the next animation frame. */
  append(delta: string): void {
    this.queued.push(delta);
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.window.requestAnimationFrame(() => this.flush());
  }

  /**
   * Starts the markup over from `delta` (an edit replaced it), at once rather than at the next animation
   * frame, so no frame is painted between the old markup and the first of the new.
   */
  restart(delta: string): void {
    this.queued = [];
    this.root.replaceChildren();
    this.builder = new MarkupBuilder({ root: this.root });
    this.builder.append(delta);
    this.onApplied();
  }

  /** Applies everything queued now and ends the stream (the markup is complete). */
  finish(): void {
    this.flush();
    this.builder.finish();
    this.onApplied();
  }

  /** Applies everything queued now. */
  flush(): void {
    this.frameRequested = false;
    if (this.queued.length === 0) return;
    const joined = this.queued.join('');
    this.queued = [];
    this.builder.append(joined);
    this.onApplied();
  }
}
