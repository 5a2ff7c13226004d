import { widgetLimits } from '@drawbridge/protocol/widget-limits';

/** The channels whose text counts against `widgetLimits.maxCharacters`. */
export type WidgetTextChannel = 'css' | 'html' | 'js';

/**
 * Counts one widget's CSS, markup and script against `widgetLimits.maxCharacters` as its parts arrive, a part
 * that replaces its channel (an edit) counting instead of that channel's text so far. Used where the server
 * assembles a widget (`WidgetLimitGuard`) and where the frame runtime takes its parts, so both stop a widget at
 * the same character.
 */
export class WidgetSizeBudget {
  readonly #characters: Record<WidgetTextChannel, number> = { css: 0, html: 0, js: 0 };
  readonly #maxCharacters: number;

  constructor({ maxCharacters = widgetLimits.maxCharacters }: { maxCharacters?: number } = {}) {
    this.#maxCharacters = maxCharacters;
  }

  /**
   * Counts `delta` and answers true when the widget stays within the limit; answers false, counting nothing, when
   * it would not. A hunk's `delta` takes the place of its `search` text.
   */
  admit({
    channel,
    delta,
    replace,
    search,
  }: {
    channel: WidgetTextChannel;
    delta: string;
    replace?: boolean;
    search?: string;
  }): boolean {
    const kept = replace === true ? 0 : Math.max(0, this.#characters[channel] - (search?.length ?? 0));
    const channelCharacters = kept + delta.length;
    const { css, html, js } = this.#characters;
    if (css + html + js - this.#characters[channel] + channelCharacters > this.#maxCharacters) return false;
    this.#characters[channel] = channelCharacters;
    return true;
  }
}
