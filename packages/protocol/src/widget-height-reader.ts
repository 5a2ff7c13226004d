// A height value must read as blanks, digits, blanks, an optional `px`, blanks — nothing else.
const leadingBlanks = 0;
const digits = 1;
const blanksAfterDigits = 2;
const unitP = 3;
const afterUnit = 4;
const invalid = 5;

function isValueBlank(character: string): boolean {
  return character === ' ' || character === '\t' || character === '\r';
}

function isDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}

/**
 * The one reader of a widget height value (`420`, ` 360px `): the stream parser feeds it the characters of
 * `@@HEIGHT:…@@` as they arrive, and `readWidgetHeight` feeds it a whole text. It keeps only the digits, so
 * its memory stays constant however long the value runs.
 */
export class WidgetHeightReader {
  private state = leadingBlanks;
  private digitText = '';

  /** Reads the next piece of the value. */
  read(text: string): void {
    for (const character of text) {
      this.readCharacter(character);
      if (this.state === invalid) return;
    }
  }

  /** The digits, or undefined when the value was not a plain number of pixels. */
  digitsIfValid(): string | undefined {
    const state = this.state;
    return state === digits || state === blanksAfterDigits || state === afterUnit
      ? this.digitText
      : undefined;
  }

  private readCharacter(character: string): void {
    const state = this.state;
    if (isDigit(character) && (state === leadingBlanks || state === digits)) {
      this.digitText += character;
      this.state = digits;
    } else if (isValueBlank(character) && state !== unitP) {
      if (state === digits) this.state = blanksAfterDigits;
    } else if (character === 'p' && (state === digits || state === blanksAfterDigits)) {
      this.state = unitP;
    } else if (character === 'x' && state === unitP) {
      this.state = afterUnit;
    } else {
      this.state = invalid;
    }
  }
}
