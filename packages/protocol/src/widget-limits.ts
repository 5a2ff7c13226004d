/**
 * How big and how deep one generated widget may be, checked where its parts are assembled on the server and
 * again where its markup is built in the frame. Both are far beyond what a widget needs: the demo's largest
 * widget is 9 KB and nests about a dozen elements deep, and a model writing at 100 tokens a second needs half an
 * hour for 512 KB. Past them a widget is a runaway reply or an attack: a 5 MB widget, or markup nested 100,000
 * levels deep, once left the whole conversation without a single card and held a reloaded page's main thread
 * for seconds.
 *
 * No zod here: the frame runtime bundles this file (`@drawbridge/protocol/widget-limits`) and must stay small;
 * the refusal's schema is in `widget-refusal.ts`.
 */
export const widgetLimits = {
  /** Characters (UTF-16 code units, as JavaScript counts them) of CSS, markup and script together. */
  maxCharacters: 512 * 1024,
  /**
   * Elements open inside one another at once. Chromium's own HTML parser stops nesting at 512 and layout
   * recursion grows costly long before; real widgets stay under 30.
   */
  maxMarkupDepth: 256,
} as const;

/**
 * Why a widget was stopped part-way: past one of `widgetLimits`, or written where model-written code is turned
 * off (`DRAWBRIDGE_FORBID_CODE`).
 */
export const widgetRefusalCodes = ['widget_too_large', 'markup_too_deep', 'code_forbidden'] as const;

export type WidgetRefusalCode = (typeof widgetRefusalCodes)[number];

/** The words a reader of the card sees for a widget stopped past `code`'s limit. */
export function widgetRefusalMessage(code: WidgetRefusalCode): string {
  switch (code) {
    case 'widget_too_large':
      return `This widget passed ${widgetLimits.maxCharacters / 1024} KB of CSS, markup and script, far more than a widget needs, so it was stopped there and is not drawn.`;
    case 'markup_too_deep':
      return `This widget's markup nests more than ${widgetLimits.maxMarkupDepth} elements deep, far more than a widget needs, so it was stopped there and is not drawn.`;
    case 'code_forbidden':
      return 'Model-written code is turned off on this server, so this widget was refused and nothing of it ran. Ask for a form, a table, a chart or a declarative surface instead.';
  }
}

/**
 * How much a widget may keep with `host.setState` (what the user typed, picked, counted): characters of its JSON
 * text. The state rides on the model's next turn, so it is small on purpose; a widget that needs more keeps
 * only what the model should know (OpenAI's Apps SDK asks the same of `widgetState`).
 */
export const widgetStateLimits = { maxCharacters: 4000 } as const;

/** Why `jsonText` cannot be a widget's state (too long, or not a JSON object); `undefined` when it can. */
export function widgetStateProblem(jsonText: string): string | undefined {
  if (jsonText.length > widgetStateLimits.maxCharacters) {
    return `The state is ${jsonText.length} characters as JSON, more than the ${widgetStateLimits.maxCharacters} a widget may keep: keep only what the model should know.`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    return 'The state is not JSON.';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'The state must be a JSON object, such as { "count": 3 }.';
  }
  return undefined;
}
