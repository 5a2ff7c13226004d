// biome-ignore-all lint/suspicious/noTemplateCurlyInString: A2UI's formatString writes ${…} inside plain strings.
import { describe, expect, it } from 'vitest';
import { rootA2uiScope } from './a2ui-scope.ts';
import { formatA2uiDate } from './format-a2ui-date.ts';
import {
  interpolateA2uiString,
  resolveA2uiBoolean,
  resolveA2uiNumber,
  resolveA2uiString,
  resolveA2uiStringList,
  resolveA2uiValue,
} from './resolve-a2ui-value.ts';

const dataModel = {
  user: { name: 'Ann', email: 'ann@example.com', zip: '1234' },
  employees: [{ name: 'Alice' }, { name: 'Bob' }],
  total: 1234.5,
  count: 1,
  start: '2026-01-16T14:30:00',
  tags: ['a', 'b'],
};
const scope = rootA2uiScope(dataModel);

describe('resolving dynamic values', () => {
  it('reads literals as they are, paths from the model, relative paths from the template item', () => {
    expect(resolveA2uiValue('plain ${/user/name}', scope)).toBe('plain ${/user/name}');
    expect(resolveA2uiString({ path: '/user/name' }, scope)).toBe('Ann');
    expect(resolveA2uiString({ path: 'name' }, { dataModel, path: '/employees/1' })).toBe('Bob');
    expect(resolveA2uiString({ path: '/missing' }, scope)).toBe('');
    expect(resolveA2uiString({ path: '/tags' }, scope)).toBe('["a","b"]');
    expect(resolveA2uiNumber({ path: '/user/zip' }, scope)).toBe(1234);
    expect(resolveA2uiBoolean({ path: '/user/name' }, scope)).toBe(false);
    expect(resolveA2uiStringList({ path: '/tags' }, scope)).toEqual(['a', 'b']);
  });

  it('evaluates the validation functions', () => {
    const check = (call: string, args: Record<string, unknown>) => resolveA2uiValue({ call, args }, scope);
    expect(check('required', { value: { path: '/user/name' } })).toBe(true);
    expect(check('required', { value: { path: '/nothing' } })).toBe(false);
    expect(check('required', { value: [] })).toBe(false);
    expect(check('regex', { value: { path: '/user/zip' }, pattern: '^[0-9]{5}$' })).toBe(false);
    expect(check('regex', { value: 'x', pattern: '(' })).toBe(false);
    expect(check('length', { value: { path: '/user/zip' }, min: 2, max: 4 })).toBe(true);
    expect(check('numeric', { value: { path: '/total' }, max: 1000 })).toBe(false);
    expect(check('email', { value: { path: '/user/email' } })).toBe(true);
    expect(check('and', { values: [true, { call: 'email', args: { value: 'no' } }] })).toBe(false);
    expect(check('or', { values: [false, { path: '/user/name' }, true] })).toBe(true);
    expect(check('not', { value: false })).toBe(true);
  });

  it('formats numbers, currencies, dates and plurals', () => {
    const call = (name: string, args: Record<string, unknown>) =>
      resolveA2uiString({ call: name, args }, scope);
    expect(call('formatNumber', { value: { path: '/total' }, decimals: 2 })).toBe('1,234.50');
    expect(call('formatNumber', { value: 1234567, grouping: false })).toBe('1234567');
    expect(call('formatCurrency', { value: { path: '/total' }, currency: 'USD' })).toBe('$1,234.50');
    expect(call('formatCurrency', { value: 5, currency: 'NOPE' })).toBe('5');
    expect(call('formatDate', { value: { path: '/start' }, format: 'EEEE, d MMMM' })).toBe(
      'Friday, 16 January',
    );
    expect(call('pluralize', { value: { path: '/count' }, one: 'one item', other: 'many items' })).toBe(
      'one item',
    );
    expect(call('pluralize', { value: 0, zero: 'none', other: 'many' })).toBe('none');
    expect(call('capitalize', { value: 'hello' })).toBe('Hello');
  });

  it('interpolates paths, nested function calls and escapes in formatString', () => {
    expect(interpolateA2uiString('Hi ${/user/name}, ${name}!', { dataModel, path: '/employees/0' })).toBe(
      'Hi Ann, Alice!',
    );
    expect(interpolateA2uiString("${formatCurrency(value: ${/total}, currency: 'USD')}/year", scope)).toBe(
      '$1,234.50/year',
    );
    expect(interpolateA2uiString("${formatDate(value: ${/start}, format: 'h:mm a')}", scope)).toBe('2:30 PM');
    expect(interpolateA2uiString('cost: \\${/total}', scope)).toBe('cost: ${/total}');
    expect(interpolateA2uiString('broken ${/user/name', scope)).toBe('broken ${/user/name');
  });
});

describe('formatA2uiDate', () => {
  const date = new Date(2026, 0, 6, 9, 5, 7);
  it('writes the documented TR35 letters and quoted text', () => {
    expect(formatA2uiDate(date, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-01-06 09:05:07');
    expect(formatA2uiDate(date, "MMM d, yy 'at' h:mm a")).toBe('Jan 6, 26 at 9:05 AM');
    expect(formatA2uiDate(date, "E ''")).toBe("Tue '");
  });
});
