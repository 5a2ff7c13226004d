import { MarkupDepthGauge } from '@drawbridge/frame';
import { type WidgetPart, type WidgetRefusal, widgetLimits, widgetRefusal } from '@drawbridge/protocol';

/** What becomes of one part: sent, sent as the widget's refusal instead, or dropped after one. */
export type WidgetLimitVerdict =
  | { kind: 'admitted' }
  | { kind: 'refused'; refusal: WidgetRefusal }
  | { kind: 'dropped' };

/**
 * Keeps one widget within `widgetLimits` as its parts go out: its CSS, markup and script together, and how
 * deep its markup nests (`MarkupDepthGauge`). The part that would pass a limit is replaced by the refusal, and
 * every later part of the widget is dropped, `end` too: what was stored and streamed stays under the limits,
 * and the widget is never taken for finished.
 */
export class WidgetLimitGuard {
  readonly #characters = { css: 0, html: 0, js: 0 };
  #gauge = new MarkupDepthGauge();
  #refused = false;

  /** Whether the widget was stopped at a limit. */
  get refused(): boolean {
    return this.#refused;
  }

  /** Judges the next part of the widget. */
  admit(part: WidgetPart): WidgetLimitVerdict {
    if (this.#refused) return { kind: 'dropped' };
    if (part.part !== 'css' && part.part !== 'html' && part.part !== 'js') return { kind: 'admitted' };
    const characters = (part.replace === true ? 0 : this.#characters[part.part]) + part.delta.length;
    const total = this.#total() - this.#characters[part.part] + characters;
    if (total > widgetLimits.maxCharacters) return this.#refuse('widget_too_large');
    if (part.part === 'html') {
      if (part.replace === true) this.#gauge = new MarkupDepthGauge();
      if (this.#gauge.append(part.delta) > widgetLimits.maxMarkupDepth)
        return this.#refuse('markup_too_deep');
    }
    this.#characters[part.part] = characters;
    return { kind: 'admitted' };
  }

  #total(): number {
    return this.#characters.css + this.#characters.html + this.#characters.js;
  }

  #refuse(code: WidgetRefusal['code']): WidgetLimitVerdict {
    this.#refused = true;
    return { kind: 'refused', refusal: widgetRefusal(code) };
  }
}
