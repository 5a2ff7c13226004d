import { type JsonValue, readPointer, resolvePointer } from '../json-pointer.ts';
import type { A2uiFunctionCall } from '../v09/a2ui-dynamic-schemas.ts';
import { type A2uiScope, a2uiText } from './a2ui-scope.ts';
import { formatA2uiDate } from './format-a2ui-date.ts';

type ResolvedArgs = Record<string, JsonValue | undefined>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value a dynamic value stands for in `scope`: a literal as it is, `{ path }` read from the data model
 * (relative paths from the scope's item), a function call evaluated. Plain strings are literals; only
 * `formatString` interpolates `${…}`.
 */
export function resolveA2uiValue(value: unknown, scope: A2uiScope): JsonValue | undefined {
  if (isRecord(value)) {
    if (typeof value.call === 'string') return callA2uiFunction(value as unknown as A2uiFunctionCall, scope);
    if (typeof value.path === 'string')
      return readPointer(scope.dataModel, resolvePointer(value.path, scope.path));
  }
  return value as JsonValue | undefined;
}

/** A dynamic string as text (nothing → "", numbers and booleans as written, objects as JSON). */
export function resolveA2uiString(value: unknown, scope: A2uiScope): string {
  return a2uiText(resolveA2uiValue(value, scope));
}

/** A dynamic number, or undefined when it does not resolve to a finite number. */
export function resolveA2uiNumber(value: unknown, scope: A2uiScope): number | undefined {
  const resolved = resolveA2uiValue(value, scope);
  const number = typeof resolved === 'string' && resolved.trim() !== '' ? Number(resolved) : resolved;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A dynamic boolean: true only for `true` (and the text "true" a data model may hold). */
export function resolveA2uiBoolean(value: unknown, scope: A2uiScope): boolean {
  const resolved = resolveA2uiValue(value, scope);
  return resolved === true || resolved === 'true';
}

/** A dynamic list of strings: a list's items as text, a lone string as a list of one, anything else empty. */
export function resolveA2uiStringList(value: unknown, scope: A2uiScope): string[] {
  const resolved = resolveA2uiValue(value, scope);
  if (Array.isArray(resolved)) return resolved.map((item) => a2uiText(item));
  return typeof resolved === 'string' && resolved !== '' ? [resolved] : [];
}

function resolveArgs(call: A2uiFunctionCall, scope: A2uiScope): ResolvedArgs {
  const resolved: ResolvedArgs = {};
  for (const [key, argument] of Object.entries(call.args ?? {})) {
    // `and`/`or` take a list of dynamic booleans; every other list argument is a literal.
    resolved[key] =
      key === 'values' && Array.isArray(argument)
        ? argument.map((item) => resolveA2uiBoolean(item, scope))
        : resolveA2uiValue(argument, scope);
  }
  return resolved;
}

/** Evaluates a basic-catalog function call; `openUrl` (an action, not a value) and unknown names give undefined. */
export function callA2uiFunction(call: A2uiFunctionCall, scope: A2uiScope): JsonValue | undefined {
  return evaluateFunction(call.call, resolveArgs(call, scope), scope);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function numberOf(value: JsonValue | undefined): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

function numberFormat(args: ResolvedArgs, scope: A2uiScope, options: Intl.NumberFormatOptions): string {
  const value = numberOf(args.value);
  if (value === undefined) return '';
  const decimals = numberOf(args.decimals);
  const fraction =
    decimals === undefined
      ? {}
      : {
          minimumFractionDigits: Math.min(20, Math.max(0, decimals)),
          maximumFractionDigits: Math.min(20, Math.max(0, decimals)),
        };
  try {
    return new Intl.NumberFormat(scope.locale ?? 'en-US', {
      ...options,
      ...fraction,
      useGrouping: args.grouping !== false,
    }).format(value);
  } catch {
    // An unknown currency code (a RangeError): the number is still worth showing.
    return String(value);
  }
}

function evaluateFunction(name: string, args: ResolvedArgs, scope: A2uiScope): JsonValue | undefined {
  switch (name) {
    case 'required': {
      const value = args.value;
      return !(
        value === undefined ||
        value === null ||
        value === '' ||
        (Array.isArray(value) && value.length === 0)
      );
    }
    case 'regex': {
      try {
        return new RegExp(a2uiText(args.pattern)).test(a2uiText(args.value));
      } catch {
        // A pattern the browser cannot compile matches nothing; the check then shows its message.
        return false;
      }
    }
    case 'length': {
      const length = a2uiText(args.value).length;
      const min = numberOf(args.min);
      const max = numberOf(args.max);
      return (min === undefined || length >= min) && (max === undefined || length <= max);
    }
    case 'numeric': {
      const value = numberOf(args.value);
      const min = numberOf(args.min);
      const max = numberOf(args.max);
      return (
        value !== undefined && (min === undefined || value >= min) && (max === undefined || value <= max)
      );
    }
    case 'email':
      return emailPattern.test(a2uiText(args.value));
    case 'formatString':
      return interpolateA2uiString(a2uiText(args.value), scope);
    case 'formatNumber':
      return numberFormat(args, scope, {});
    case 'formatCurrency':
      return numberFormat(args, scope, { style: 'currency', currency: a2uiText(args.currency) || 'USD' });
    case 'formatDate': {
      const value = args.value;
      const date = typeof value === 'number' || typeof value === 'string' ? new Date(value) : undefined;
      if (date === undefined || Number.isNaN(date.getTime())) return '';
      return formatA2uiDate(date, a2uiText(args.format), scope.locale);
    }
    case 'pluralize': {
      const count = numberOf(args.value) ?? 0;
      const category = new Intl.PluralRules(scope.locale ?? 'en-US').select(count);
      const chosen = count === 0 && args.zero !== undefined ? args.zero : (args[category] ?? args.other);
      return a2uiText(chosen);
    }
    case 'and':
      return Array.isArray(args.values) && args.values.every((value) => value === true);
    case 'or':
      return Array.isArray(args.values) && args.values.some((value) => value === true);
    case 'not':
      return !(args.value === true || args.value === 'true');
    case 'capitalize': {
      const text = a2uiText(args.value);
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    default:
      return undefined;
  }
}

/**
 * `formatString`'s interpolation: `${/absolute/path}`, `${relative/path}`, `${fn(name: value, …)}` with quoted,
 * numeric, `true`/`false`/`null` or nested `${…}` arguments; `\${` is a literal `${`. An expression that cannot be
 * read is left as written, so a malformed template still shows what the agent wrote.
 */
export function interpolateA2uiString(template: string, scope: A2uiScope): string {
  let output = '';
  let index = 0;
  while (index < template.length) {
    if (template.startsWith('\\${', index)) {
      output += '${';
      index += 3;
    } else if (template.startsWith('${', index)) {
      const reader = new ExpressionReader(template, index);
      const value = reader.readInterpolation(scope);
      if (value === unreadable) {
        output += template.slice(index);
        break;
      }
      output += a2uiText(value);
      index = reader.position;
    } else {
      output += template[index];
      index += 1;
    }
  }
  return output;
}

const unreadable = Symbol('unreadable');
type Read = JsonValue | undefined | typeof unreadable;

/** A cursor over one `${…}` expression and what it nests. */
class ExpressionReader {
  readonly text: string;
  position: number;

  constructor(text: string, start: number) {
    this.text = text;
    this.position = start;
  }

  /** `${ expression }` at the cursor. */
  readInterpolation(scope: A2uiScope): Read {
    this.position += 2;
    const value = this.readExpression(scope, '}');
    if (value === unreadable || !this.take('}')) return unreadable;
    return value;
  }

  readExpression(scope: A2uiScope, ends: string): Read {
    this.skipBlanks();
    if (this.text.startsWith('${', this.position)) return this.readInterpolation(scope);
    const character = this.text[this.position];
    if (character === "'" || character === '"') return this.readQuoted(character);
    const start = this.position;
    while (this.position < this.text.length && !`${ends}(`.includes(this.text[this.position]!)) {
      this.position += 1;
    }
    const word = this.text.slice(start, this.position).trim();
    if (this.text[this.position] === '(') return this.readCall(word, scope);
    if (word === '') return unreadable;
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
    return readPointer(scope.dataModel, resolvePointer(word, scope.path));
  }

  readQuoted(quote: string): Read {
    const end = this.text.indexOf(quote, this.position + 1);
    if (end === -1) return unreadable;
    const value = this.text.slice(this.position + 1, end);
    this.position = end + 1;
    return value;
  }

  readCall(name: string, scope: A2uiScope): Read {
    this.position += 1;
    const args: ResolvedArgs = {};
    this.skipBlanks();
    while (!this.take(')')) {
      const colon = this.text.indexOf(':', this.position);
      if (colon === -1) return unreadable;
      const key = this.text.slice(this.position, colon).trim();
      this.position = colon + 1;
      const value = this.readExpression(scope, ',)');
      if (value === unreadable) return unreadable;
      args[key] = value;
      this.skipBlanks();
      this.take(',');
      this.skipBlanks();
      if (this.position >= this.text.length) return unreadable;
    }
    return evaluateFunction(name, args, scope);
  }

  skipBlanks(): void {
    while (this.text[this.position] === ' ') this.position += 1;
  }

  take(character: string): boolean {
    this.skipBlanks();
    if (this.text[this.position] !== character) return false;
    this.position += 1;
    return true;
  }
}
