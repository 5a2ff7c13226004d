import { applyWidgetHunk } from '@drawbridge/protocol/widget-hunk';
import { MarkupBuilder } from './markup-builder.ts';
import { patchMarkup } from './markup-patch.ts';

/** An edited markup part on its way: the markup the live DOM was built from, and the new text so far. */
interface PendingEdit {
  previous: string;
  text: string;
}

/**
 * Applies streamed markup at most once per animation frame: deltas that arrive within one frame
 * are joined and handed to the builder together, so a burst of tiny chunks costs one DOM update.
 *
 * A part that replaces the markup of a widget already on screen (an edit, `replace`), or an edit's hunks
 * (`patch`), is collected until it is complete (`settle`: the host moved on to another part, or the widget ended), then patched into the
 * live DOM at once (markup-patch.ts): the widget stays as it was, state and all, until the edited markup is
 * whole, and only what the edit changed changes.
 *
 * Markup that nests past `widgetLimits.maxMarkupDepth` is built no further (`MarkupBuilder`) and `onTooDeep`
 * is called, once; an edit that does is not patched in.
 */
export class MarkupScheduler {
  private builder: MarkupBuilder;
  private readonly root: Element;
  private readonly window: Window;
  private readonly onApplied: () => void;
  private readonly onTooDeep: () => void;
  private toldTooDeep = false;
  private queued: string[] = [];
  private frameRequested = false;
  /** The markup the live DOM was built from: what an edit is compared with. */
  private built = '';
  /** Set once an edit was patched in: the builder no longer holds the live DOM's state. */
  private patched = false;
  private pending: PendingEdit | undefined;

  constructor({
    root,
    window: target,
    onApplied,
    onTooDeep = () => {},
  }: {
    root: Element;
    window: Window;
    onApplied: () => void;
    onTooDeep?: () => void;
  }) {
    this.builder = new MarkupBuilder({ root });
    this.root = root;
    this.window = target;
    this.onApplied = onApplied;
    this.onTooDeep = onTooDeep;
  }

  /** Queues a delta for the next animation frame (or adds it to the edit being collected). */
  append(delta: string): void {
    if (this.pending !== undefined) {
      this.pending.text += delta;
      return;
    }
    if (this.patched) {
      this.pending = { previous: this.built, text: this.built + delta };
      return;
    }
    this.built += delta;
    this.queued.push(delta);
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.window.requestAnimationFrame(() => this.flush());
  }

  /**
   * Starts the markup over from `delta` (a fresh build), at once rather than at the next animation frame,
   * so no frame is painted between the old markup and the first of the new.
   */
  restart(delta: string): void {
    this.queued = [];
    this.pending = undefined;
    this.patched = false;
    this.root.replaceChildren();
    this.builder = new MarkupBuilder({ root: this.root });
    this.builder.append(delta);
    this.built = delta;
    this.noteDepth(this.builder.tooDeep);
    this.onApplied();
  }

  /**
   * An edit replaces the markup with a part starting `delta`: on an empty widget it builds as it streams
   * (`restart`); on one already drawn it is collected and patched in when complete (`settle`).
   */
  replace(delta: string): void {
    this.settle();
    if (this.root.childNodes.length === 0) {
      this.restart(delta);
      return;
    }
    this.flush();
    this.pending = { previous: this.built, text: delta };
  }

  /**
   * An edit's hunk: the first occurrence of `search` in the markup becomes `delta`. Like a replaced part it
   * is patched into the live DOM when the edit moves on (`settle`), hunks in a row together.
   */
  patch(search: string, delta: string): void {
    if (this.pending === undefined) {
      this.flush();
      this.pending = { previous: this.built, text: this.built };
    }
    this.pending.text = applyWidgetHunk(this.pending.text, search, delta) ?? this.pending.text;
  }

  /** The edited part is complete: what it changed is patched into the live DOM. */
  settle(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    if (pending.text !== pending.previous) {
      const after = buildDetached(this.root, pending.text);
      this.noteDepth(after.tooDeep);
      if (after.tooDeep) return;
      patchMarkup({
        live: this.root,
        before: buildDetached(this.root, pending.previous).container,
        after: after.container,
      });
      this.onApplied();
    }
    this.built = pending.text;
    this.patched = true;
  }

  /** Applies everything queued now and ends the stream (the markup is complete). */
  finish(): void {
    this.flush();
    // Once an edit was patched in, the builder's open elements describe markup the live DOM has left behind.
    if (!this.patched) this.builder.finish();
    this.settle();
    this.onApplied();
  }

  /** Applies everything queued now. */
  flush(): void {
    this.frameRequested = false;
    if (this.queued.length === 0) return;
    const joined = this.queued.join('');
    this.queued = [];
    this.builder.append(joined);
    this.noteDepth(this.builder.tooDeep);
    this.onApplied();
  }

  private noteDepth(tooDeep: boolean): void {
    if (!tooDeep || this.toldTooDeep) return;
    this.toldTooDeep = true;
    this.onTooDeep();
  }
}

/** `markup` built by the same rules as live markup, into an element of the same document outside it. */
function buildDetached(root: Element, markup: string): { container: Element; tooDeep: boolean } {
  const container = root.ownerDocument.createElement('div');
  const builder = new MarkupBuilder({ root: container });
  builder.append(markup);
  builder.finish();
  return { container, tooDeep: builder.tooDeep };
}
