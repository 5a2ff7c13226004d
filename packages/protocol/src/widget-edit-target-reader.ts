// An edit target must read as blanks, an id of letters, digits, `_` and `-`, blanks — nothing else.
const leadingBlanks = 0;
const identifier = 1;
const trailingBlanks = 2;
const invalid = 3;

/** The longest widget id an edit may name; longer values are refused, which keeps the reader's memory bounded. */
export const longestWidgetEditTarget = 64;

function isValueBlank(character: string): boolean {
  return character === ' ' || character === '\t' || character === '\r';
}

function isIdentifierCharacter(character: string): boolean {
  return (
    (character >= '0' && character <= '9') ||
    (character >= 'a' && character <= 'z') ||
    (character >= 'A' && character <= 'Z') ||
    character === '_' ||
    character === '-'
  );
}

/**
 * Reads the value of `@@EDIT:…@@`, the id of the widget a reply changes, as its characters arrive. Like the
 * height reader it keeps only what it needs (at most `longestWidgetEditTarget` characters).
 */
export class WidgetEditTargetReader {
  private state = leadingBlanks;
  private idText = '';

  /** Reads the next piece of the value. */
  read(text: string): void {
    for (const character of text) {
      this.readCharacter(character);
      if (this.state === invalid) return;
    }
  }

  /** The widget id, or undefined when the value was not one. */
  valueIfValid(): string | undefined {
    return this.state === identifier || this.state === trailingBlanks ? this.idText : undefined;
  }

  private readCharacter(character: string): void {
    const state = this.state;
    if (isIdentifierCharacter(character) && (state === leadingBlanks || state === identifier)) {
      this.idText += character;
      this.state = this.idText.length > longestWidgetEditTarget ? invalid : identifier;
    } else if (isValueBlank(character)) {
      if (state === identifier) this.state = trailingBlanks;
    } else {
      this.state = invalid;
    }
  }
}
