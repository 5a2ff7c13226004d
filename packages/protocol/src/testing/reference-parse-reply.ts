import type { WidgetChunk, WidgetChunkType } from '../widget-chunk.ts';
import { mergeAdjacentChunks } from '../widget-stream-parser/merge-adjacent-chunks.ts';

// A second, deliberately naive statement of the reply grammar in docs/protocol.md: it sees the whole text
// at once and uses indexOf and regular expressions, so the tests can hold the streaming parser against it.

const channelOfMarker = new Map<string, WidgetChunkType>([
  ['@@CSS@@', 'css'],
  ['@@HTML@@', 'html'],
  ['@@JS@@', 'js'],
  ['@@SEARCH@@', 'search'],
  ['@@REPLACE@@', 'replace'],
]);
const blockMarkers = ['@@CSS@@', '@@HTML@@', '@@JS@@', '@@END@@'];
const hunkMarkers = ['@@SEARCH@@', '@@REPLACE@@'];
const markersBeforeBlock = ['@@HEIGHT:', '@@EDIT:', '@@CSS@@', '@@HTML@@', '@@JS@@'];
const valueMarkers = new Map<string, { type: WidgetChunkType; pattern: RegExp }>([
  ['@@HEIGHT:', { type: 'height', pattern: /^[ \t\r]*(\d+)[ \t\r]*(?:px)?[ \t\r]*$/ }],
  ['@@EDIT:', { type: 'edit', pattern: /^[ \t\r]*([A-Za-z0-9_-]{1,64})[ \t\r]*$/ }],
]);

function markersInBlock(hasHeight: boolean, isEdit: boolean): string[] {
  return [...(hasHeight ? [] : ['@@HEIGHT:']), ...blockMarkers, ...(isEdit ? hunkMarkers : [])];
}
const openingFence = /^[ \t]*`{3,}[A-Za-z0-9_+#.-]*[ \t\r]*(?:\n|$)/;
const closingFence = /(^|\n)[ \t]*`{3,}[ \t\r\n]*$/;

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
  let isEdit = false;
  let codePart = '';
  let channel: WidgetChunkType = 'prose';
  let position = 0;
  let trimsLineBreak = false;
  const emitSegment = (end: number): void => {
    chunks.push({ type: channel, delta: segmentText(channel, text.slice(position, end), trimsLineBreak) });
  };
  for (;;) {
    let markers: string[] = [];
    if (phase === 'before') markers = markersBeforeBlock;
    else if (phase === 'inside') markers = markersInBlock(hasHeight, isEdit);
    const next = firstMarker(text, position, markers);
    if (next === undefined) {
      emitSegment(text.length);
      break;
    }
    emitSegment(next.at);
    position = next.at + next.marker.length;
    trimsLineBreak = true;
    const valueMarker = valueMarkers.get(next.marker);
    if (valueMarker !== undefined) {
      phase = 'inside';
      if (valueMarker.type === 'height') hasHeight = true;
      const markersAfter = markersInBlock(hasHeight, isEdit);
      const lineEnd = text.indexOf('\n', position);
      const closing = text.indexOf('@@', position);
      let valueEnd = text.length;
      if (closing !== -1 && (lineEnd === -1 || closing < lineEnd)) {
        valueEnd = closing;
        const markerFollows = markersAfter.some((marker) => text.startsWith(marker, closing));
        position = markerFollows ? closing : closing + 2;
      } else if (lineEnd !== -1) {
        valueEnd = lineEnd;
        position = lineEnd + 1;
        trimsLineBreak = false;
      } else {
        position = text.length;
      }
      const value = valueMarker.pattern.exec(text.slice(next.at + next.marker.length, valueEnd))?.[1];
      if (value !== undefined) chunks.push({ type: valueMarker.type, delta: value });
      if (value !== undefined && valueMarker.type === 'edit') isEdit = true;
    } else if (next.marker === '@@END@@') {
      chunks.push({ type: 'end', delta: '' });
      phase = 'after';
      channel = 'prose';
    } else {
      if (next.marker === '@@SEARCH@@') chunks.push({ type: 'hunk', delta: codePart });
      phase = 'inside';
      channel = channelOfMarker.get(next.marker)!;
      if (channel === 'css' || channel === 'html' || channel === 'js') codePart = channel;
    }
  }
  return mergeAdjacentChunks(
    chunks.filter((chunk) => chunk.type === 'end' || chunk.type === 'hunk' || chunk.delta !== ''),
  );
}
