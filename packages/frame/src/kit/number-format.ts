const formats = new Map<number, Intl.NumberFormat>();

/**
 * A number as people read it: rounded to `digits` significant digits (6 by default, which also hides binary
 * noise such as 0.1 + 0.2), with thousands separators and no trailing zeros (`num(1609.344)` → "1,609.34");
 * a dash for what is not a finite number.
 */
export function num(value: number, digits = 6): string {
  if (!Number.isFinite(value)) return '—';
  let format = formats.get(digits);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits });
    formats.set(digits, format);
  }
  // `|| 0`: minus zero reads as 0, not "-0".
  return format.format(value || 0);
}
