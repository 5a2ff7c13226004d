/**
 * Character references (`&amp;`, `&#x41;`) in markup text and attribute values.
 *
 * The HTML standard names 2,231 references; shipping that table would double the runtime bundle.
 * The few a model writes constantly are here; any other name is resolved by the caller (the frame
 * asks its own DOM, which knows them all) and cached.
 */

const commonReferences = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
  ['copy', '\u00a9'],
  ['reg', '\u00ae'],
  ['hellip', '\u2026'],
  ['mdash', '\u2014'],
  ['ndash', '\u2013'],
  ['times', '\u00d7'],
  ['middot', '\u00b7'],
  ['deg', '\u00b0'],
  ['rarr', '\u2192'],
  ['larr', '\u2190'],
]);

/** Names the HTML standard also decodes without a semicolon; the ones a model is likely to write. */
const legacyReferenceNames = ['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg', 'times', 'deg'];

const longestReferenceName = 32;

/** Resolves a reference name (without `&` and `;`) the common table does not know. */
export type NamedReferenceResolver = (name: string) => string | undefined;

export type CharacterReferenceResult = { text: string; end: number } | 'incomplete';

interface DecodeOptions {
  /** Index just after the `&`. */
  start: number;
  inAttribute: boolean;
  /** True when no more input will follow, so an unfinished reference is final. */
  atEnd: boolean;
  resolveNamed: NamedReferenceResolver;
}

const isAlphanumeric = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

const isHexDigit = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);

/**
 * Decodes the reference whose `&` sits just before `start`: the replacement text and where the
 * input continues, or `'incomplete'` when the input ends inside something that may still become
 * a reference. An `&` that starts no reference decodes to itself.
 */
export function decodeCharacterReference(source: string, options: DecodeOptions): CharacterReferenceResult {
  const { start, atEnd } = options;
  const literal = { text: '&', end: start };
  if (start >= source.length) return atEnd ? literal : 'incomplete';
  if (source[start] === '#') return decodeNumericReference(source, start + 1, atEnd) ?? literal;
  let end = start;
  while (
    end < source.length &&
    end - start <= longestReferenceName &&
    isAlphanumeric(source.charCodeAt(end))
  ) {
    end++;
  }
  if (end === source.length && !atEnd && end - start <= longestReferenceName) return 'incomplete';
  const name = source.slice(start, end);
  if (source[end] === ';') {
    const decoded = commonReferences.get(name) ?? options.resolveNamed(name);
    return decoded === undefined ? literal : { text: decoded, end: end + 1 };
  }
  const legacyName = legacyReferenceNames.find((candidate) => name.startsWith(candidate));
  if (legacyName === undefined) return literal;
  // In an attribute `&ampx` or `&amp=` is kept as written, so query strings in URLs survive.
  if (options.inAttribute && (legacyName.length < name.length || source[end] === '=')) return literal;
  return { text: commonReferences.get(legacyName)!, end: start + legacyName.length };
}

function decodeNumericReference(
  source: string,
  start: number,
  atEnd: boolean,
): CharacterReferenceResult | undefined {
  const hexadecimal = source[start] === 'x' || source[start] === 'X';
  const digitsStart = hexadecimal ? start + 1 : start;
  let end = digitsStart;
  const isDigit = hexadecimal ? isHexDigit : (code: number) => code >= 48 && code <= 57;
  while (end < source.length && isDigit(source.charCodeAt(end))) end++;
  if (end === source.length && !atEnd) return 'incomplete';
  if (end === digitsStart) return undefined;
  const codePoint = Number.parseInt(source.slice(digitsStart, end), hexadecimal ? 16 : 10);
  const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return {
    text: valid ? String.fromCodePoint(codePoint) : '\ufffd',
    end: source[end] === ';' ? end + 1 : end,
  };
}

/** Decodes every reference in a finished attribute value. */
export function decodeAttributeValue(value: string, resolveNamed: NamedReferenceResolver): string {
  if (!value.includes('&')) return value;
  let decoded = '';
  let position = 0;
  while (position < value.length) {
    const ampersand = value.indexOf('&', position);
    if (ampersand === -1) return decoded + value.slice(position);
    decoded += value.slice(position, ampersand);
    const result = decodeCharacterReference(value, {
      start: ampersand + 1,
      inAttribute: true,
      atEnd: true,
      resolveNamed,
    });
    // With atEnd set the decoder always returns a result.
    if (result === 'incomplete') return decoded + value.slice(ampersand);
    decoded += result.text;
    position = result.end;
  }
  return decoded;
}
