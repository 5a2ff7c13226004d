import type { WidgetChunk, WidgetChunkType } from '../widget-chunk.ts';
import { mergeAdjacentChunks } from '../widget-stream-parser/merge-adjacent-chunks.ts';

// A second, deliberately naive statement of the reply grammar in docs/protocol.md: it sees the whole text
// at once and uses indexOf and regular expressions, so the tests can hold the streaming parser against it.

const channelOfMarker = new Map<string, WidgetChunkType>([
  ['@@CSS@@', 'css'],
  ['@@HTML@@', 'html'],
  ['@@JS@@', 'js'],
]);
const blockMarkers = ['@@CSS@@', '@@HTML@@', '@@JS@@', '@@END@@'];
const markersBeforeBlock = ['@@HEIGHT:', '@@CSS@@', '@@HTML@@', '@@JS@@'];
const markersInBlockWithoutHeight = ['@@HEIGHT:', ...blockMarkers];
const openingFence = /^[ \t]*`{3,}[A-Za-z0-9_+#.-]*[ \t\r]*(?:\n|$)/;
const closingFence = /(^|\n)[ \t]*`{3,}[ \t\r\n]*$/;
const heightValue = /^[ \t\r]*(\d+)[ \t\r]*(?:px)?[ \t\r]*$/;

function segmentText(type: WidgetChunkType, raw: string, trimsLineBreak: boolean): string {
  let text = trimsLineBreak ? raw.replace(/^\r?\n/, '') : raw;
  if (type === 'prose') return text;
  text = text.replace(openingFence, '');
  const fence = closingFence.exec(text);
  return fence === null ? text : text.slice(0, fence.index + fence[1]!.length);
}

function firstMarker(
  text: string,
  from: number,
  markers: string[],
): { at: number; marker: string } | undefined {
  let found: { at: number; marker: string } | undefined;
  for (const marker of markers) {
    const at = text.indexOf(marker, from);
    if (at !== -1 && (found === undefined || at < found.at)) found = { at, marker };
  }
  return found;
}

/** Parses a whole reply by the documented rules, without streaming; a test oracle for the parser. */
export function referenceParseReply(text: string): WidgetChunk[] {
  const chunks: WidgetChunk[] = [];
  let phase: 'before' | 'inside' | 'after' = 'before';
  let hasHeight = false;
  let channel: WidgetChunkType = 'prose';
  let position = 0;
  let trimsLineBreak = false;
  const emitSegment = (end: number): void => {
    chunks.push({ type: channel, delta: segmentText(channel, text.slice(position, end), trimsLineBreak) });
  };
  for (;;) {
    let markers: string[] = [];
    if (phase === 'before') markers = markersBeforeBlock;
    else if (phase === 'inside') markers = hasHeight ? blockMarkers : markersInBlockWithoutHeight;
    const next = firstMarker(text, position, markers);
    if (next === undefined) {
      emitSegment(text.length);
      break;
    }
    emitSegment(next.at);
    position = next.at + next.marker.length;
    trimsLineBreak = true;
    if (next.marker === '@@HEIGHT:') {
      phase = 'inside';
      hasHeight = true;
      const lineEnd = text.indexOf('\n', position);
      const closing = text.indexOf('@@', position);
      let valueEnd = text.length;
      if (closing !== -1 && (lineEnd === -1 || closing < lineEnd)) {
        valueEnd = closing;
        const markerFollows = blockMarkers.some((marker) => text.startsWith(marker, closing));
        position = markerFollows ? closing : closing + 2;
      } else if (lineEnd !== -1) {
        valueEnd = lineEnd;
        position = lineEnd + 1;
        trimsLineBreak = false;
      } else {
        position = text.length;
      }
      const digits = heightValue.exec(text.slice(next.at + next.marker.length, valueEnd))?.[1];
      if (digits !== undefined) chunks.push({ type: 'height', delta: digits });
    } else if (next.marker === '@@END@@') {
      chunks.push({ type: 'end', delta: '' });
      phase = 'after';
      channel = 'prose';
    } else {
      phase = 'inside';
      channel = channelOfMarker.get(next.marker)!;
    }
  }
  return mergeAdjacentChunks(chunks.filter((chunk) => chunk.type === 'end' || chunk.delta !== ''));
}
