import type { JsonObject, JsonValue } from '../json-pointer.ts';
import type { V08DataEntry } from './a2ui-v08-schemas.ts';

/** The value of one typed entry (`valueString`, `valueNumber`, `valueBoolean`, or a `valueMap` one level deep). */
function entryValue(
  entry: Omit<V08DataEntry, 'valueMap'> & { valueMap?: V08DataEntry['valueMap'] },
): JsonValue {
  if (entry.valueMap !== undefined) return v08DataContents(entry.valueMap);
  return entry.valueString ?? entry.valueNumber ?? entry.valueBoolean ?? null;
}

/**
 * A v0.8 `dataModelUpdate`'s `contents` — an adjacency list of typed entries — as the JSON object it means:
 * `[{ key: "name", valueString: "Bob" }, { key: "address", valueMap: [...] }]` → `{ name: "Bob", address: {…} }`.
 * An entry without a value holds `null`.
 */
export function v08DataContents(contents: readonly V08DataEntry[]): JsonObject {
  const object: JsonObject = {};
  for (const entry of contents) {
    // Defined, not assigned: a key named `__proto__` is data like any other.
    Object.defineProperty(object, entry.key, {
      value: entryValue(entry),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}
