import {
  decodeAttributeValue,
  decodeCharacterReference,
  type NamedReferenceResolver,
} from './character-references.ts';

/**
 * A streaming HTML tokenizer that is fed markup in arbitrary pieces.
 *
 * Whatever is certain is reported at once (text as soon as it arrives, a tag as soon as its `>`
 * does); only an unfinished construct — a tag, a comment, a character reference, a possible raw
 * text end tag — is held back, and scanning of a held tag resumes where it stopped, so the work
 * for a piece is proportional to the piece. It follows the HTML tokenizer closely for the states
 * a widget uses (data, RCDATA, RAWTEXT, tags, attributes, comments) and skips the rest
 * (doctype details, CDATA sections, `<plaintext>`).
 */

/** How the text after a start tag is read: markup, text with references, or literal text. */
export type TextMode = 'data' | 'rcdata' | 'rawtext';

export interface StartTagToken {
  /** Lower-cased, as the HTML tokenizer reports it. */
  name: string;
  /** Lower-cased names, decoded values, first occurrence of a name wins. */
  attributes: Array<[name: string, value: string]>;
  selfClosing: boolean;
}

/** Receives tokens as they complete; `startTag` says how the text that follows is read. */
export interface MarkupTokenSink {
  text(text: string): void;
  startTag(tag: StartTagToken): TextMode;
  endTag(name: string): void;
}

/** Inside a tag, a `>` ends it unless it sits in a quoted attribute value. */
type TagScanState = 'outside' | 'before-value' | 'double' | 'single' | 'unquoted';

const hold = -1;
const dataSpecialCharacters = /[<&]/g;
const isWhitespace = (character: string | undefined) =>
  character === ' ' || character === '\n' || character === '\t' || character === '\f' || character === '\r';
const isEndTagTerminator = (character: string | undefined) =>
  isWhitespace(character) || character === '/' || character === '>';
const isAsciiLetter = (character: string | undefined) =>
  character !== undefined &&
  ((character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z'));

export class MarkupTokenizer {
  private readonly sink: MarkupTokenSink;
  private readonly resolveNamed: NamedReferenceResolver;
  private pending = '';
  private mode: TextMode = 'data';
  private rawTextEndTag = '';
  private afterCarriageReturn = false;
  /** How far a held tag was already scanned, relative to its `<`, and the quote state there. */
  private resumeScan: { offset: number; state: TagScanState } | undefined;
  private atEnd = false;

  constructor({ sink, resolveNamed }: { sink: MarkupTokenSink; resolveNamed: NamedReferenceResolver }) {
    this.sink = sink;
    this.resolveNamed = resolveNamed;
  }

  /** Tokenizes the next piece of markup. */
  write(delta: string): void {
    this.consume(this.pending + this.normalizeNewlines(delta));
  }

  /** Ends the input: anything still held is resolved the way the HTML tokenizer does at end of file. */
  end(): void {
    this.atEnd = true;
    this.consume(this.pending);
  }

  private normalizeNewlines(delta: string): string {
    let normalized = delta;
    if (this.afterCarriageReturn && normalized.startsWith('\n')) normalized = normalized.slice(1);
    this.afterCarriageReturn = normalized.endsWith('\r');
    if (!normalized.includes('\r') && !normalized.includes('\0')) return normalized;
    return normalized.replace(/\r\n?/g, '\n').replace(/\0/g, '');
  }

  private consume(buffer: string): void {
    this.pending = '';
    let position = 0;
    while (position < buffer.length) {
      const next =
        this.mode === 'data' ? this.consumeData(buffer, position) : this.consumeRawText(buffer, position);
      if (next === hold) {
        this.pending = buffer.slice(position);
        return;
      }
      position = next;
    }
  }

  private consumeData(buffer: string, position: number): number {
    const character = buffer[position];
    if (character === '<') return this.consumeMarkup(buffer, position);
    if (character === '&') return this.consumeReference(buffer, position);
    dataSpecialCharacters.lastIndex = position;
    const special = dataSpecialCharacters.exec(buffer);
    const end = special === null ? buffer.length : special.index;
    this.sink.text(buffer.slice(position, end));
    return end;
  }

  private consumeReference(buffer: string, position: number): number {
    const result = decodeCharacterReference(buffer, {
      start: position + 1,
      inAttribute: false,
      atEnd: this.atEnd,
      resolveNamed: this.resolveNamed,
    });
    if (result === 'incomplete') return hold;
    this.sink.text(result.text);
    return result.end;
  }

  /** RCDATA and RAWTEXT: only the matching end tag leaves; RCDATA still decodes references. */
  private consumeRawText(buffer: string, position: number): number {
    const character = buffer[position];
    if (character === '&' && this.mode === 'rcdata') return this.consumeReference(buffer, position);
    if (character === '<') {
      const expected = `</${this.rawTextEndTag}`;
      const candidate = buffer.slice(position, position + expected.length + 1).toLowerCase();
      if (candidate.length <= expected.length) {
        if (expected.startsWith(candidate) && !this.atEnd) return hold;
      } else if (candidate.startsWith(expected) && isEndTagTerminator(candidate[expected.length])) {
        this.mode = 'data';
        return position;
      }
      this.sink.text('<');
      return position + 1;
    }
    let end = buffer.indexOf('<', position);
    if (this.mode === 'rcdata') {
      const ampersand = buffer.indexOf('&', position);
      if (ampersand !== -1 && (end === -1 || ampersand < end)) end = ampersand;
    }
    if (end === -1) end = buffer.length;
    this.sink.text(buffer.slice(position, end));
    return end;
  }

  private consumeMarkup(buffer: string, position: number): number {
    const next = buffer[position + 1];
    if (next === undefined) {
      if (!this.atEnd) return hold;
      this.sink.text('<');
      return position + 1;
    }
    if (next === '!') {
      if (buffer.startsWith('<!--', position)) return this.skipComment(buffer, position);
      if (buffer.length - position < 4 && '<!--'.startsWith(buffer.slice(position))) {
        return this.atEnd ? buffer.length : hold;
      }
      return this.skipBogusComment(buffer, position);
    }
    if (next === '?') return this.skipBogusComment(buffer, position);
    if (next === '/') {
      const third = buffer[position + 2];
      if (third === undefined) return this.atEnd ? this.emitLiteral('</', position) : hold;
      if (third === '>') return position + 3;
      if (!isAsciiLetter(third)) return this.skipBogusComment(buffer, position);
      return this.consumeTag(buffer, position, true);
    }
    if (isAsciiLetter(next)) return this.consumeTag(buffer, position, false);
    this.sink.text('<');
    return position + 1;
  }

  private emitLiteral(text: string, position: number): number {
    this.sink.text(text);
    return position + text.length;
  }

  private skipComment(buffer: string, position: number): number {
    const bodyStart = position + 4;
    // `<!-->` and `<!--->` are complete, empty comments.
    if (buffer[bodyStart] === '>') return bodyStart + 1;
    if (buffer.startsWith('->', bodyStart)) return bodyStart + 2;
    const close = buffer.indexOf('-->', bodyStart);
    if (close !== -1) return close + 3;
    return this.atEnd ? buffer.length : hold;
  }

  private skipBogusComment(buffer: string, position: number): number {
    const close = buffer.indexOf('>', position);
    if (close !== -1) return close + 1;
    return this.atEnd ? buffer.length : hold;
  }

  private consumeTag(buffer: string, position: number, isEndTag: boolean): number {
    const resumed = this.resumeScan;
    this.resumeScan = undefined;
    let state: TagScanState = resumed?.state ?? 'outside';
    let index = position + (resumed?.offset ?? 2);
    for (; index < buffer.length; index++) {
      const character = buffer[index];
      if (state === 'double' || state === 'single') {
        if (character === (state === 'double' ? '"' : "'")) state = 'outside';
      } else if (character === '>') {
        break;
      } else if (state === 'outside') {
        if (character === '=') state = 'before-value';
      } else if (state === 'before-value') {
        if (character === '"') state = 'double';
        else if (character === "'") state = 'single';
        else if (!isWhitespace(character)) state = 'unquoted';
      } else if (isWhitespace(character)) {
        state = 'outside';
      }
    }
    if (index === buffer.length) {
      if (this.atEnd) return buffer.length;
      this.resumeScan = { offset: index - position, state };
      return hold;
    }
    const tag = parseTag(buffer.slice(position + (isEndTag ? 2 : 1), index), (value) =>
      decodeAttributeValue(value, this.resolveNamed),
    );
    if (isEndTag) {
      this.sink.endTag(tag.name);
    } else {
      this.mode = this.sink.startTag(tag);
      this.rawTextEndTag = tag.name;
    }
    return index + 1;
  }
}

/** Parses the inside of a complete tag (between `<` or `</` and `>`). */
function parseTag(text: string, decode: (value: string) => string): StartTagToken {
  let index = 0;
  while (index < text.length && !isWhitespace(text[index]) && text[index] !== '/') index++;
  const name = text.slice(0, index).toLowerCase();
  const attributes: Array<[string, string]> = [];
  const seen = new Set<string>();
  let selfClosing = false;
  while (index < text.length) {
    const character = text[index];
    if (isWhitespace(character)) {
      index++;
      continue;
    }
    if (character === '/') {
      selfClosing = index === text.length - 1;
      index++;
      continue;
    }
    const nameStart = index;
    index++;
    while (index < text.length && !isWhitespace(text[index]) && text[index] !== '/' && text[index] !== '=')
      index++;
    const attributeName = text.slice(nameStart, index).toLowerCase();
    while (isWhitespace(text[index])) index++;
    let value = '';
    if (text[index] === '=') {
      index++;
      while (isWhitespace(text[index])) index++;
      const quote = text[index];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, index + 1);
        const valueEnd = close === -1 ? text.length : close;
        value = text.slice(index + 1, valueEnd);
        index = valueEnd + 1;
      } else {
        const valueStart = index;
        while (index < text.length && !isWhitespace(text[index])) index++;
        value = text.slice(valueStart, index);
      }
      value = decode(value);
    }
    if (!seen.has(attributeName)) {
      seen.add(attributeName);
      attributes.push([attributeName, value]);
    }
  }
  return { name, attributes, selfClosing };
}
