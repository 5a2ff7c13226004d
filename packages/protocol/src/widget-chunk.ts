/** The channels a widget reply is split into, in the order the model writes them. */
export const widgetChunkTypes = ['prose', 'height', 'css', 'html', 'js', 'end'] as const;

export type WidgetChunkType = (typeof widgetChunkTypes)[number];

/** One piece of parser output: the text that certainly belongs to one channel. */
export interface WidgetChunk {
  type: WidgetChunkType;
  delta: string;
}
