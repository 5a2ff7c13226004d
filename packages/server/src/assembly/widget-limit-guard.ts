import { MarkupDepthGauge, WidgetSizeBudget } from '@drawbridge/frame';
import { type WidgetPart, type WidgetRefusal, widgetLimits, widgetRefusal } from '@drawbridge/protocol';

/** What becomes of one part: sent, sent as the widget's refusal instead, or dropped after one. */
export type WidgetLimitVerdict =
  | { kind: 'admitted' }
  | { kind: 'refused'; refusal: WidgetRefusal }
  | { kind: 'dropped' };

/**
 * Keeps one widget within `widgetLimits` as its parts go out: its CSS, markup and script together
 * (`WidgetSizeBudget`, the count the frame keeps too), and how deep its markup nests (`MarkupDepthGauge`). The
 * part that would pass a limit is replaced by the refusal, and every later part of the widget is dropped, `end`
 * too: what was stored and streamed stays under the limits, and the widget is never taken for finished.
 */
export class WidgetLimitGuard {
  readonly #size = new WidgetSizeBudget();
  readonly #forbidCode: boolean;
  #gauge = new MarkupDepthGauge();
  #refused = false;

  /** With `forbidCode`, the widget is refused at its first part of CSS, markup or script: none of it is kept. */
  constructor({ forbidCode = false }: { forbidCode?: boolean } = {}) {
    this.#forbidCode = forbidCode;
  }

  /** Whether the widget was stopped at a limit. */
  get refused(): boolean {
    return this.#refused;
  }

  /**
   * Judges the next part of the widget. A hunk (`search`) changes its part in the middle: for markup, `markup`
   * is the whole markup it makes, measured afresh.
   */
  admit(part: WidgetPart, markup?: string): WidgetLimitVerdict {
    if (this.#refused) return { kind: 'dropped' };
    if (part.part !== 'css' && part.part !== 'html' && part.part !== 'js') return { kind: 'admitted' };
    if (this.#forbidCode) return this.#refuse('code_forbidden');
    const channel = {
      channel: part.part,
      delta: part.delta,
      replace: part.replace === true,
      ...(part.search === undefined ? {} : { search: part.search }),
    };
    if (!this.#size.admit(channel)) return this.#refuse('widget_too_large');
    if (part.part === 'html') {
      const hunk = part.search !== undefined;
      if (part.replace === true || hunk) this.#gauge = new MarkupDepthGauge();
      if (this.#gauge.append(hunk ? (markup ?? '') : part.delta) > widgetLimits.maxMarkupDepth)
        return this.#refuse('markup_too_deep');
    }
    return { kind: 'admitted' };
  }

  #refuse(code: WidgetRefusal['code']): WidgetLimitVerdict {
    this.#refused = true;
    return { kind: 'refused', refusal: widgetRefusal(code) };
  }
}
