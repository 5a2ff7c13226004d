// The value of `@@HEIGHT:…@@` must read as blanks, digits, blanks, an optional `px`, blanks — nothing else.
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

/** Reads the value of one height marker a character at a time and keeps only its digits. */
export class HeightValueReader {
  private state = leadingBlanks;
  private digitText = '';

  read(character: string): void {
    const state = this.state;
    if (state === invalid) return;
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

  /** The digits, or undefined when the value was not a plain number of pixels. */
  digitsIfValid(): string | undefined {
    const state = this.state;
    return state === digits || state === blanksAfterDigits || state === afterUnit
      ? this.digitText
      : undefined;
  }
}
