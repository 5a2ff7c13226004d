import type { WidgetChunk, WidgetChunkType } from './widget-chunk.ts';
import { WidgetEditTargetReader } from './widget-edit-target-reader.ts';
import { WidgetHeightReader } from './widget-height-reader.ts';
import { SegmentWriter } from './widget-stream-parser/segment-writer.ts';

export { mergeAdjacentChunks } from './widget-stream-parser/merge-adjacent-chunks.ts';

const heightMarker = '@@HEIGHT:';
const editMarker = '@@EDIT:';
const channelMarkers = ['@@CSS@@', '@@HTML@@', '@@JS@@'] as const;
const searchMarker = '@@SEARCH@@';
const replaceMarker = '@@REPLACE@@';
const endMarker = '@@END@@';

const channelOfMarker = new Map<string, WidgetChunkType>([
  ['@@CSS@@', 'css'],
  ['@@HTML@@', 'html'],
  ['@@JS@@', 'js'],
  [searchMarker, 'search'],
  [replaceMarker, 'replace'],
]);

// Which markers are recognised depends on where the reply stands; anything else is text.
const markersBeforeBlock = [heightMarker, editMarker, ...channelMarkers];
const markersInBlockWithHeight = [...channelMarkers, endMarker];
const markersInBlockWithoutHeight = [heightMarker, ...channelMarkers, endMarker];
const hunkMarkers = [searchMarker, replaceMarker];
const markersInEditWithHeight = [...markersInBlockWithHeight, ...hunkMarkers];
const markersInEditWithoutHeight = [...markersInBlockWithoutHeight, ...hunkMarkers];
const noMarkers: readonly string[] = [];

/** The value of `@@HEIGHT:…@@` or `@@EDIT:…@@` as it is read, and the chunk it becomes when valid. */
interface MarkerValueReader {
  read(text: string): void;
  valueIfValid(): string | undefined;
}

function heightValueReader(): MarkerValueReader {
  const reader = new WidgetHeightReader();
  return { read: (text) => reader.read(text), valueIfValid: () => reader.digitsIfValid() };
}

const beforeBlock = 0;
const insideBlock = 1;
const afterBlock = 2;

// Reading text and markers, reading a marker value (height or edit target), or deciding whether `@@` after
// that value closes it.
const readingText = 0;
const readingMarkerValue = 1;
const readingMarkerClose = 2;

/**
 * Splits a model reply, pushed in pieces cut anywhere, into prose and widget chunks. Only a tail that could
 * still become a marker or a fence line is held back, and a trailing high surrogate until its low half
 * arrives; the grammar and every rule are in docs/protocol.md.
 */
export class WidgetStreamParser {
  private phase = beforeBlock;
  private mode = readingText;
  private hasHeight = false;
  private isEdit = false;
  // The code part (`css`, `html`, `js`) the block is in, which every hunk names: an empty part writes no chunk.
  private codePart = '';
  private markers: readonly string[] = markersBeforeBlock;
  private pending = '';
  private channel: WidgetChunkType = 'prose';
  private segment: SegmentWriter;
  private markerValue: MarkerValueReader = heightValueReader();
  private markerValueType: WidgetChunkType = 'height';
  private ended = false;
  // A high surrogate that ended the last push waits for its low half, so no chunk ever holds half a character.
  private heldHighSurrogate = '';
  private chunks: WidgetChunk[] = [];
  private outputType: WidgetChunkType = 'prose';
  private outputText = '';
  // Later pieces of the same chunk are joined once: appending each with += builds a deep rope, slow to collect.
  private outputMorePieces: string[] | undefined;
  private readonly writeOutput = (type: WidgetChunkType, text: string): void => {
    if (text === '') return;
    if (type !== this.outputType) {
      this.flushOutput();
      this.outputType = type;
    }
    if (this.outputText === '') this.outputText = text;
    else if (this.outputMorePieces === undefined) this.outputMorePieces = [text];
    else this.outputMorePieces.push(text);
  };

  constructor() {
    this.segment = new SegmentWriter({ type: 'prose', trimsLineBreak: false, output: this.writeOutput });
  }

  /** Feeds the next piece of the reply and returns the chunks that are now certain. */
  push(text: string): WidgetChunk[] {
    this.assertOpen();
    const whole = this.heldHighSurrogate === '' ? text : this.heldHighSurrogate + text;
    const lastCode = whole.charCodeAt(whole.length - 1);
    if (lastCode >= 0xd800 && lastCode <= 0xdbff) {
      this.heldHighSurrogate = whole[whole.length - 1]!;
      this.consume(whole.slice(0, -1));
    } else {
      this.heldHighSurrogate = '';
      this.consume(whole);
    }
    return this.takeChunks();
  }

  /** Ends the reply: resolves whatever was held back and returns the last chunks. */
  end(): WidgetChunk[] {
    this.assertOpen();
    this.ended = true;
    // A high surrogate still held has no low half coming: it is passed on as the input had it.
    this.consume(this.heldHighSurrogate);
    this.heldHighSurrogate = '';
    const pending = this.pending;
    this.pending = '';
    if (this.mode === readingText) {
      this.segment.write(pending);
    } else if (this.mode === readingMarkerClose && pending.length >= 2) {
      this.closeMarkerValue(true);
      this.segment.write(pending.slice(2));
    } else {
      if (pending !== '') this.markerValue.read(pending);
      this.closeMarkerValue(false);
    }
    this.segment.close();
    return this.takeChunks();
  }

  private assertOpen(): void {
    if (this.ended) throw new Error('WidgetStreamParser: the reply already ended; use a new parser');
  }

  private consume(text: string): void {
    let index = 0;
    const length = text.length;
    while (index < length) {
      if (this.mode === readingMarkerValue) {
        const character = text[index]!;
        index += 1;
        if (character === '\n') {
          this.closeMarkerValue(false);
        } else if (character === '@') {
          this.mode = readingMarkerClose;
          this.pending = '@';
        } else {
          this.markerValue.read(character);
        }
      } else if (this.mode === readingMarkerClose) {
        index = this.readMarkerClose(text, index);
      } else if (this.pending !== '') {
        index = this.extendPendingMarker(text, index);
      } else if (this.markers.length === 0) {
        this.segment.write(index === 0 ? text : text.slice(index));
        return;
      } else {
        // Every marker starts with `@@`, so an `@` followed by anything else is plain text.
        let at = text.indexOf('@', index);
        while (at !== -1 && at + 1 < length && text.charCodeAt(at + 1) !== 64) at = text.indexOf('@', at + 2);
        if (at === -1) {
          this.segment.write(index === 0 ? text : text.slice(index));
          return;
        }
        if (at > index) this.segment.write(text.slice(index, at));
        this.pending = '@';
        index = at + 1;
      }
    }
  }

  private extendPendingMarker(text: string, index: number): number {
    const candidate = this.pending + text[index]!;
    const marker = this.markerStartingWith(candidate);
    if (marker === undefined) {
      // Not a marker after all: its first character is text, and the rest may still start one.
      const rest = this.pending.slice(1);
      this.pending = '';
      this.segment.write('@');
      this.consume(rest);
      return index;
    }
    if (marker.length === candidate.length) {
      this.pending = '';
      this.openMarker(marker);
    } else {
      this.pending = candidate;
    }
    return index + 1;
  }

  /** After a marker value, `@@` is its closing unless it begins a marker the model wrote without closing. */
  private readMarkerClose(text: string, index: number): number {
    const character = text[index]!;
    const candidate = this.pending + character;
    if (candidate === '@@') {
      this.pending = candidate;
      return index + 1;
    }
    if (this.pending === '@') {
      this.pending = '';
      this.mode = readingMarkerValue;
      this.markerValue.read('@');
      return index;
    }
    const marker = this.markerStartingWith(candidate);
    if (marker !== undefined) {
      this.pending = marker.length === candidate.length ? '' : candidate;
      if (this.pending === '') {
        this.closeMarkerValue(false);
        this.openMarker(marker);
      }
      return index + 1;
    }
    const rest = this.pending.slice(2);
    this.pending = '';
    this.closeMarkerValue(true);
    this.consume(rest);
    return index;
  }

  private markerStartingWith(prefix: string): string | undefined {
    for (const marker of this.markers) if (marker.startsWith(prefix)) return marker;
    return undefined;
  }

  private openMarker(marker: string): void {
    this.segment.close();
    if (marker === heightMarker || marker === editMarker) {
      this.phase = insideBlock;
      this.mode = readingMarkerValue;
      if (marker === heightMarker) {
        this.hasHeight = true;
        this.markerValue = heightValueReader();
        this.markerValueType = 'height';
      } else {
        this.markerValue = new WidgetEditTargetReader();
        this.markerValueType = 'edit';
      }
      this.updateMarkers();
      return;
    }
    if (marker === searchMarker) {
      // A hunk boundary of its own, so two hunks in a row stay two hunks once chunks are merged.
      this.flushOutput();
      this.chunks.push({ type: 'hunk', delta: this.codePart });
    }
    if (marker === endMarker) {
      this.flushOutput();
      this.chunks.push({ type: 'end', delta: '' });
      this.phase = afterBlock;
      this.channel = 'prose';
    } else {
      this.phase = insideBlock;
      this.channel = channelOfMarker.get(marker)!;
      if (this.channel === 'css' || this.channel === 'html' || this.channel === 'js')
        this.codePart = this.channel;
    }
    this.startSegment(true);
    this.updateMarkers();
  }

  /** Emits the marker's value if it was valid; the segment after it continues the same channel. */
  private closeMarkerValue(trimsLineBreak: boolean): void {
    this.mode = readingText;
    const value = this.markerValue.valueIfValid();
    if (value !== undefined) this.writeOutput(this.markerValueType, value);
    // Only a block that names a widget is an edit; hunk markers mean nothing anywhere else.
    if (value !== undefined && this.markerValueType === 'edit') {
      this.isEdit = true;
      this.updateMarkers();
    }
    this.startSegment(trimsLineBreak);
  }

  private startSegment(trimsLineBreak: boolean): void {
    this.segment = new SegmentWriter({ type: this.channel, trimsLineBreak, output: this.writeOutput });
  }

  private updateMarkers(): void {
    if (this.phase === afterBlock) this.markers = noMarkers;
    else if (this.phase === beforeBlock) this.markers = markersBeforeBlock;
    else if (this.isEdit)
      this.markers = this.hasHeight ? markersInEditWithHeight : markersInEditWithoutHeight;
    else this.markers = this.hasHeight ? markersInBlockWithHeight : markersInBlockWithoutHeight;
  }

  private flushOutput(): void {
    if (this.outputText === '') return;
    this.chunks.push({ type: this.outputType, delta: this.takeOutputText() });
  }

  private takeOutputText(): string {
    const more = this.outputMorePieces;
    const text = more === undefined ? this.outputText : this.outputText + more.join('');
    this.outputText = '';
    this.outputMorePieces = undefined;
    return text;
  }

  private takeChunks(): WidgetChunk[] {
    // Most pushes of a streamed reply yield one chunk: return it without touching the shared list.
    if (this.chunks.length === 0) {
      if (this.outputText === '') return [];
      return [{ type: this.outputType, delta: this.takeOutputText() }];
    }
    this.flushOutput();
    const chunks = this.chunks;
    this.chunks = [];
    return chunks;
  }
}

/** Parses a complete reply at once; the same chunks, merged, as pushing it in any pieces. */
export function parseWidgetReply(text: string): WidgetChunk[] {
  const parser = new WidgetStreamParser();
  return [...parser.push(text), ...parser.end()];
}
