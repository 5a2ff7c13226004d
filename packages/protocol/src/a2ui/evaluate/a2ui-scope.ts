import type { JsonValue } from '../json-pointer.ts';

/**
 * What a dynamic value is read against: the surface's data model and the pointer of the item a template
 * instance stands for (`/` outside templates), which relative paths start from.
 */
export interface A2uiScope {
  dataModel: JsonValue;
  path: string;
  /** The locale formatting functions use; default `en-US`. */
  locale?: string;
}

/** The scope at a surface's root. */
export function rootA2uiScope(dataModel: JsonValue, locale?: string): A2uiScope {
  return { dataModel, path: '/', ...(locale === undefined ? {} : { locale }) };
}

/** Text for a value, as the spec converts interpolated values: nothing → "", objects and lists → JSON. */
export function a2uiText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
