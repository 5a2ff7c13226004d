import { parseA2uiMessage } from './parse-a2ui-message.ts';

/** What a push revealed: the A2UI messages known so far, the last one possibly a valid part of one still arriving. */
export interface A2uiJsonProgress {
  /** Every message so far, in order; when `partial` is true the last is the growing one, valid as it stands. */
  messages: unknown[];
  partial: boolean;
}

/**
 * Reads A2UI messages out of JSON text as it streams in — `[{…},{…}]` or one `{…}` — so a surface can be drawn
 * while the model is still writing it. Each message is handed on once its closing brace arrives; before that,
 * a message being written is handed on as a prefix that is valid by itself, cut after its last complete
 * component (or data entry) and closed, so a surface grows one component at a time. Work is linear in the text:
 * each character is scanned once, and a growing message is parsed again only when one of its components ends.
 */
export class A2uiJsonStream {
  #text = '';
  #scanned = 0;
  /** Open containers, `{` or `[`, outermost first. */
  readonly #stack: string[] = [];
  #inString = false;
  #escaped = false;
  /** 1 when the text is an array of messages, 0 when it is one message; undefined before its first character. */
  #messageDepth: number | undefined;
  #messageStart = -1;
  readonly #complete: unknown[] = [];
  /** The end of the growing message's last complete component, with the containers open there. */
  #cut: { end: number; open: string[] } | undefined;
  #partial: unknown;

  /** Adds decoded JSON text; returns the messages so far when they changed, else undefined. */
  push(text: string): A2uiJsonProgress | undefined {
    this.#text += text;
    const before = this.#complete.length;
    const cutBefore = this.#cut;
    for (; this.#scanned < this.#text.length; this.#scanned += 1) {
      this.#scan(this.#text[this.#scanned]!, this.#scanned);
    }
    const completed = this.#complete.length !== before;
    if (completed) this.#partial = undefined;
    let partialChanged = false;
    if (this.#cut !== undefined && this.#cut !== cutBefore) {
      const partial = this.#readPartial(this.#cut);
      if (partial !== undefined) {
        this.#partial = partial;
        partialChanged = true;
      }
    }
    if (!completed && !partialChanged) return undefined;
    return this.progress();
  }

  /** The messages so far. */
  progress(): A2uiJsonProgress {
    const partial = this.#partial !== undefined;
    return { messages: partial ? [...this.#complete, this.#partial] : [...this.#complete], partial };
  }

  #scan(character: string, index: number): void {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (character === '\\') this.#escaped = true;
      else if (character === '"') this.#inString = false;
      return;
    }
    if (character === '"') {
      this.#inString = true;
      return;
    }
    if (character === '{' || character === '[') {
      if (this.#messageDepth === undefined) this.#messageDepth = character === '[' ? 1 : 0;
      this.#stack.push(character);
      if (character === '{' && this.#stack.length === this.#messageDepth + 1) {
        this.#messageStart = index;
        this.#cut = undefined;
      }
      return;
    }
    if (character !== '}' && character !== ']') return;
    this.#stack.pop();
    const messageDepth = this.#messageDepth ?? 0;
    if (character === '}' && this.#stack.length === messageDepth && this.#messageStart !== -1) {
      const message = this.#parse(this.#text.slice(this.#messageStart, index + 1));
      this.#messageStart = -1;
      this.#cut = undefined;
      if (message !== undefined) this.#complete.push(message);
      return;
    }
    // A component (or data entry) ended: message → operation body → list → here.
    if (this.#messageStart !== -1 && this.#stack.length === messageDepth + 3 && this.#stack.at(-1) === '[') {
      this.#cut = { end: index + 1, open: this.#stack.slice(messageDepth) };
    }
  }

  #parse(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all (a stray brace in prose): nothing to draw from it; the final arguments decide.
      return undefined;
    }
  }

  /** The growing message cut after its last complete component and closed; only if it is a valid message. */
  #readPartial(cut: { end: number; open: string[] }): unknown {
    const closers = cut.open
      .map((open) => (open === '{' ? '}' : ']'))
      .reverse()
      .join('');
    const message = this.#parse(this.#text.slice(this.#messageStart, cut.end) + closers);
    return message !== undefined && parseA2uiMessage(message).success ? message : undefined;
  }
}
