import { MarkupBuilder } from './markup-builder.ts';

/**
 * Applies streamed markup at most once per animation frame: deltas that arrive within one frame
 * are joined and handed to the builder together, so a burst of tiny chunks costs one DOM update.
 */
export class MarkupScheduler {
  private readonly builder: MarkupBuilder;
  private readonly window: Window;
  private readonly onApplied: () => void;
  private queued: string[] = [];
  private frameRequested = false;

  constructor({ root, window: target, onApplied }: { root: Element; window: Window; onApplied: () => void }) {
    this.builder = new MarkupBuilder({ root });
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
