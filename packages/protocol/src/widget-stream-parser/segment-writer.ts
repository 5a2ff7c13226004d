import type { WidgetChunkType } from '../widget-chunk.ts';

/** Receives the text a segment has decided to emit. */
export type SegmentOutput = (type: WidgetChunkType, text: string) => void;

// Opening stages: a segment that follows a marker first drops one line break, then (code channels only)
// one opening markdown fence line, then streams its body.
const lineBreak = 0;
const carriageReturn = 1;
const openingFence = 2;
const body = 3;

// Opening fence progress: indentation, backticks, language word, trailing blanks before the line break.
const fenceIndent = 0;
const fenceBackticks = 1;
const fenceLanguage = 2;
const fenceBlanks = 3;

// Body tail states: what the held tail could still turn out to be if the segment ended right now.
const midLine = 0;
const lineStart = 1;
const tailBackticks = 2;
const tailBlanks = 3;
const tailBreaks = 4;

const backtick = 96;
const space = 32;
const tab = 9;
const newline = 10;
const carriage = 13;

function isBlank(code: number): boolean {
  return code === space || code === tab;
}

function isLanguageCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 || // _
    code === 43 || // +
    code === 35 || // #
    code === 46 || // .
    code === 45 // -
  );
}

/**
 * The text of one channel between two markers. It trims the line break right after its marker and, for the
 * code channels, strips a markdown fence line at its start and end; it holds back only text that could still
 * be such a line, so everything else leaves at once.
 */
export class SegmentWriter {
  readonly type: WidgetChunkType;
  private readonly stripsFences: boolean;
  private readonly output: SegmentOutput;
  private stage: number;
  private fenceState = fenceIndent;
  private tail = lineStart;
  private backtickCount = 0;
  private held = '';

  constructor(options: {
    type: WidgetChunkType;
    trimsLineBreak: boolean;
    output: SegmentOutput;
  }) {
    this.type = options.type;
    this.output = options.output;
    this.stripsFences = options.type !== 'prose';
    this.stage = options.trimsLineBreak ? lineBreak : this.stageAfterLineBreak();
  }

  write(text: string): void {
    let index = 0;
    const length = text.length;
    while (index < length) {
      if (this.stage !== body) {
        this.writeOpeningCharacter(text.charCodeAt(index), text[index]!);
        index += 1;
      } else if (!this.stripsFences) {
        this.output(this.type, index === 0 ? text : text.slice(index));
        return;
      } else if (this.held === '') {
        index = this.writeLines(text, index);
        if (index < length) {
          this.writeTailCharacter(text.charCodeAt(index), text[index]!);
          index += 1;
        }
      } else {
        this.writeTailCharacter(text.charCodeAt(index), text[index]!);
        index += 1;
      }
    }
  }

  /**
   * Emits whole lines in one slice and stops only where a line could still be a closing fence (blanks, then
   * a backtick or the end of the text), so the usual body costs one indexOf per line.
   */
  private writeLines(text: string, start: number): number {
    const length = text.length;
    let index = start;
    while (index < length) {
      if (this.tail === midLine) {
        const lineEnd = text.indexOf('\n', index);
        if (lineEnd === -1) {
          index = length;
          break;
        }
        index = lineEnd + 1;
        this.tail = lineStart;
        continue;
      }
      let scan = index;
      while (scan < length && isBlank(text.charCodeAt(scan))) scan += 1;
      if (scan === length || text.charCodeAt(scan) === backtick) break;
      this.tail = text.charCodeAt(scan) === newline ? lineStart : midLine;
      index = scan + 1;
    }
    if (index > start)
      this.output(this.type, start === 0 && index === length ? text : text.slice(start, index));
    return index;
  }

  /** Ends the segment: a held fence line is dropped, any other held text is emitted as it was. */
  close(): void {
    if (this.stage === carriageReturn) {
      this.stage = this.stageAfterLineBreak();
      this.replay('\r');
    }
    if (this.stage === openingFence) {
      if (this.isCompleteOpeningFence()) {
        this.held = '';
        return;
      }
      this.enterBody();
      this.replay(this.takeHeld());
    }
    if (this.stage !== body) return;
    const isClosingFence =
      (this.tail === tailBackticks && this.backtickCount >= 3) ||
      this.tail === tailBlanks ||
      this.tail === tailBreaks;
    const held = this.takeHeld();
    if (!isClosingFence) this.output(this.type, held);
  }

  private stageAfterLineBreak(): number {
    return this.stripsFences ? openingFence : body;
  }

  private writeOpeningCharacter(code: number, character: string): void {
    if (this.stage === lineBreak) {
      if (code === newline) {
        this.stage = this.stageAfterLineBreak();
      } else if (code === carriage) {
        this.stage = carriageReturn;
      } else {
        this.stage = this.stageAfterLineBreak();
        this.replay(character);
      }
      return;
    }
    if (this.stage === carriageReturn) {
      this.stage = this.stageAfterLineBreak();
      if (code !== newline) this.replay(`\r${character}`);
      return;
    }
    this.writeOpeningFenceCharacter(code, character);
  }

  private writeOpeningFenceCharacter(code: number, character: string): void {
    if (code === newline && this.isCompleteOpeningFence()) {
      this.held = '';
      this.enterBody();
      return;
    }
    const state = this.fenceState;
    let accepted = false;
    if (state === fenceIndent) {
      if (code === backtick) this.fenceState = fenceBackticks;
      accepted = isBlank(code) || code === backtick;
    } else if (state === fenceBackticks && code === backtick) {
      accepted = true;
    } else if (this.backtickCount >= 3 || state !== fenceBackticks) {
      const blankOrCarriage = isBlank(code) || code === carriage;
      if (blankOrCarriage) {
        this.fenceState = fenceBlanks;
        accepted = true;
      } else if (state !== fenceBlanks && isLanguageCharacter(code)) {
        this.fenceState = fenceLanguage;
        accepted = true;
      }
    }
    if (accepted) {
      if (code === backtick) this.backtickCount += 1;
      this.held += character;
      return;
    }
    this.enterBody();
    this.replay(this.takeHeld() + character);
  }

  private isCompleteOpeningFence(): boolean {
    return this.fenceState !== fenceIndent && this.backtickCount >= 3;
  }

  private enterBody(): void {
    this.stage = body;
    this.tail = lineStart;
    this.backtickCount = 0;
  }

  private writeTailCharacter(code: number, character: string): void {
    const tail = this.tail;
    if (tail === lineStart) {
      if (isBlank(code)) {
        this.held += character;
      } else if (code === backtick) {
        this.held += character;
        this.backtickCount = 1;
        this.tail = tailBackticks;
      } else {
        this.release(character, code === newline ? lineStart : midLine);
      }
      return;
    }
    if (tail === tailBackticks && code === backtick) {
      this.held += character;
      this.backtickCount += 1;
      return;
    }
    const isFence = this.backtickCount >= 3;
    if (tail === tailBreaks) {
      if (isBlank(code) || code === newline || code === carriage) {
        this.held += character;
      } else {
        this.releaseAfterFenceLine(character);
      }
      return;
    }
    if (isFence && (code === newline || code === carriage)) {
      this.held += character;
      this.tail = tailBreaks;
    } else if (isFence && isBlank(code)) {
      this.held += character;
      this.tail = tailBlanks;
    } else {
      this.release(character, code === newline ? lineStart : midLine);
    }
  }

  /** The held text was not a closing fence: emit it with the character that proved it. */
  private release(character: string, nextTail: number): void {
    this.output(this.type, this.takeHeld() + character);
    this.tail = nextTail;
    this.backtickCount = 0;
  }

  /** Content followed a fence line: emit up to the last line break, then re-read the rest from a line start. */
  private releaseAfterFenceLine(character: string): void {
    const held = this.takeHeld();
    const lastBreak = held.lastIndexOf('\n');
    this.backtickCount = 0;
    if (lastBreak === -1) {
      this.output(this.type, held + character);
      this.tail = midLine;
      return;
    }
    this.output(this.type, held.slice(0, lastBreak + 1));
    this.tail = lineStart;
    this.replay(held.slice(lastBreak + 1) + character);
  }

  private takeHeld(): string {
    const held = this.held;
    this.held = '';
    return held;
  }

  private replay(text: string): void {
    if (text !== '') this.write(text);
  }
}
