/**
 * The channels a widget reply is split into, in the order the model writes them. An edit reply starts with
 * `edit` (the id of the widget it changes) and may carry hunks inside a part: `hunk` (empty, one per
 * `@@SEARCH@@`), then the `search` text and the `replace` text.
 */
export const widgetChunkTypes = [
  'prose',
  'edit',
  'height',
  'css',
  'html',
  'js',
  'hunk',
  'search',
  'replace',
  'end',
] as const;

export type WidgetChunkType = (typeof widgetChunkTypes)[number];

/** One piece of parser output: the text that certainly belongs to one channel. */
export interface WidgetChunk {
  type: WidgetChunkType;
  delta: string;
}
