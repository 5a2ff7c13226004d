import type { WidgetChunk } from '../widget-chunk.ts';

/** Concatenates neighbouring chunks of the same type, the form in which parser output is compared. */
export function mergeAdjacentChunks(chunks: readonly WidgetChunk[]): WidgetChunk[] {
  const merged: WidgetChunk[] = [];
  for (const chunk of chunks) {
    const previous = merged.at(-1);
    if (
      previous !== undefined &&
      previous.type === chunk.type &&
      chunk.type !== 'end' &&
      chunk.type !== 'hunk'
    ) {
      previous.delta += chunk.delta;
    } else {
      merged.push({ type: chunk.type, delta: chunk.delta });
    }
  }
  return merged;
}
