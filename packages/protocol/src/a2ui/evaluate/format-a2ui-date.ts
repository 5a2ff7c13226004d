/**
 * Formats a date with the Unicode TR35 pattern letters the basic catalog's `formatDate` documents: `yy`,
 * `yyyy`, `M`, `MM`, `MMM`, `MMMM`, `d`, `dd`, `E`, `EEEE`, `h`, `hh`, `H`, `HH`, `mm`, `ss`, `a`; text in single
 * quotes is copied (`''` is a quote), other characters too. Names come from `Intl` in `locale`.
 */
export function formatA2uiDate(date: Date, pattern: string, locale = 'en-US'): string {
  let output = '';
  let index = 0;
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (character === "'") {
      const end = pattern.indexOf("'", index + 1);
      const quoted = end === -1 ? pattern.slice(index + 1) : pattern.slice(index + 1, end);
      output += quoted === '' ? "'" : quoted;
      index = end === -1 ? pattern.length : end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(character)) {
      output += character;
      index += 1;
      continue;
    }
    let length = 1;
    while (pattern[index + length] === character) length += 1;
    output += formatField(date, character, length, locale);
    index += length;
  }
  return output;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function name(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options).format(date);
}

function formatField(date: Date, letter: string, length: number, locale: string): string {
  switch (letter) {
    case 'y':
      return length === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), length);
    case 'M':
      if (length >= 4) return name(date, locale, { month: 'long' });
      if (length === 3) return name(date, locale, { month: 'short' });
      return pad(date.getMonth() + 1, length);
    case 'd':
      return pad(date.getDate(), length);
    case 'E':
      return name(date, locale, { weekday: length >= 4 ? 'long' : 'short' });
    case 'h':
      return pad(date.getHours() % 12 === 0 ? 12 : date.getHours() % 12, length);
    case 'H':
      return pad(date.getHours(), length);
    case 'm':
      return pad(date.getMinutes(), length);
    case 's':
      return pad(date.getSeconds(), length);
    case 'a':
      return date.getHours() < 12 ? 'AM' : 'PM';
    default:
      // A letter the catalog does not document is copied, so a pattern never loses text.
      return letter.repeat(length);
  }
}
