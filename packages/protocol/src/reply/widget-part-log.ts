import type { WidgetPart, WidgetPartType } from '../generated-widget.ts';
import { applyWidgetHunk } from '../widget-edit/apply-widget-hunk.ts';

interface WidgetPartNode {
  readonly part: WidgetPart;
  readonly previous: WidgetPartNode | undefined;
}

/**
 * Every part of one widget in the order it arrived, kept as the deltas themselves. The log is immutable and
 * shares its past, so appending a delta is O(1) and leaves earlier transcript states intact; handing the frame
 * what it has not seen costs only the new parts, never a pass over the whole widget.
 */
export class WidgetPartLog {
  static readonly empty = new WidgetPartLog(undefined, 0);

  /** How many parts the log holds. */
  readonly count: number;
  private readonly newest: WidgetPartNode | undefined;

  private constructor(newest: WidgetPartNode | undefined, count: number) {
    this.newest = newest;
    this.count = count;
  }

  /** A log of the given parts, in order. */
  static of(parts: readonly WidgetPart[]): WidgetPartLog {
    return parts.reduce((log, part) => log.append(part), WidgetPartLog.empty);
  }

  /** This log with one more part; this log itself is unchanged. */
  append(part: WidgetPart): WidgetPartLog {
    return new WidgetPartLog({ part, previous: this.newest }, this.count + 1);
  }

  /**
   * The parts that follow `earlier`, oldest first, or undefined when this log does not continue `earlier`
   * (another widget, or a history that was replaced), so a caller can start over instead of mixing the two.
   */
  partsAfter(earlier: WidgetPartLog): WidgetPart[] | undefined {
    if (earlier.count > this.count) return undefined;
    const parts: WidgetPart[] = [];
    let node = this.newest;
    for (let remaining = this.count - earlier.count; remaining > 0; remaining -= 1) {
      parts.push(node!.part);
      node = node!.previous;
    }
    return node === earlier.newest ? parts.reverse() : undefined;
  }

  /** Every part, oldest first. */
  all(): WidgetPart[] {
    return this.partsAfter(WidgetPartLog.empty)!;
  }

  /**
   * The text of one channel: its deltas joined from the last that replaced it, each hunk applied where it
   * comes (a hunk whose search text is not there changes nothing). A pass over the whole log, for reading a
   * widget's source.
   */
  text(type: WidgetPartType): string {
    let deltas: string[] = [];
    for (const part of this.all()) {
      if (part.part !== type) continue;
      if (part.search !== undefined) {
        const joined = deltas.join('');
        deltas = [applyWidgetHunk(joined, part.search, part.delta) ?? joined];
      } else if (part.replace === true) deltas = [part.delta];
      else deltas.push(part.delta);
    }
    return deltas.join('');
  }
}
