/** A JSON value as A2UI data models hold it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (a data model's root is one). */
export type JsonObject = { [key: string]: JsonValue };

/**
 * The reference tokens of a JSON Pointer (RFC 6901), `~1` and `~0` unescaped. A2UI writes pointers with or
 * without their leading slash (v0.8's `"path": "user"`, v0.9's relative paths inside a template), and `/` or
 * `""` for the whole document, so a missing slash is read as if it were there.
 */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The pointer of `tokens`, escaped. */
export function pointerOf(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * The absolute pointer `path` names from `scope` (the item a template instance stands for): a path with a
 * leading slash is absolute, any other is relative to the scope (A2UI's extension of RFC 6901).
 */
export function resolvePointer(path: string, scope: string): string {
  if (path.startsWith('/')) return path;
  if (path === '' || path === '.') return scope;
  return `${scope === '/' ? '' : scope}/${path}`;
}

function isIndex(token: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(token);
}

/** The value at `pointer`, or undefined when the document has nothing there. */
export function readPointer(document: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(current)) current = isIndex(token) ? current[Number(token)] : undefined;
    else if (typeof current === 'object' && current !== null) {
      current = Object.hasOwn(current, token) ? current[token] : undefined;
    } else return undefined;
  }
  return current;
}

/**
 * The document with `value` at `pointer` (undefined removes the key, or leaves `undefined`'s place in an
 * array as `null`, keeping its length), every object on the way copied and missing ones created. The document
 * given is never changed. Setting the root replaces it; a non-object root value is refused by the callers.
 */
export function writePointer(
  document: JsonValue | undefined,
  pointer: string,
  value: JsonValue | undefined,
): JsonValue | undefined {
  return writeTokens(document, pointerTokens(pointer), value);
}

function writeTokens(
  node: JsonValue | undefined,
  tokens: readonly string[],
  value: JsonValue | undefined,
): JsonValue | undefined {
  const [token, ...rest] = tokens;
  if (token === undefined) return value;
  if (Array.isArray(node) && isIndex(token)) {
    const copy = node.slice();
    const index = Number(token);
    const written = writeTokens(copy[index], rest, value);
    // JSON has no undefined: a removed array item keeps its place as null, as the spec keeps the length.
    while (copy.length < index) copy.push(null);
    copy[index] = written === undefined ? null : written;
    return copy;
  }
  const object: JsonObject =
    typeof node === 'object' && node !== null && !Array.isArray(node) ? { ...node } : {};
  const written = writeTokens(Object.hasOwn(object, token) ? object[token] : undefined, rest, value);
  if (written === undefined) delete object[token];
  // Defined, not assigned: a token named `__proto__` becomes a key like any other, not the object's prototype.
  else
    Object.defineProperty(object, token, {
      value: written,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return object;
}
