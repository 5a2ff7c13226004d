import type { JsonPatchOperation } from '@ag-ui/core';

/** Why a patch did not apply; `operation` is the index of the operation that failed. */
export interface JsonPatchError {
  code: 'invalid_pointer' | 'missing_target' | 'invalid_index' | 'test_failed';
  operation: number;
  message: string;
}

export type JsonPatchResult =
  | { success: true; document: unknown }
  | { success: false; error: JsonPatchError };

type Container = Record<string, unknown> | unknown[];

// Thrown inside this module only, to unwind from a failing operation; callers get a result value.
class PatchFailure extends Error {
  readonly code: JsonPatchError['code'];

  constructor(code: JsonPatchError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** The reference tokens of a JSON Pointer (RFC 6901): `""` is the whole document, `/a~1b/0` is `["a/b", "0"]`. */
function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new PatchFailure('invalid_pointer', `"${pointer}" does not start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(token: string, length: number, { append }: { append: boolean }): number {
  if (append && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token))
    throw new PatchFailure('invalid_index', `"${token}" is not an array index`);
  const index = Number(token);
  if (index > (append ? length : length - 1))
    throw new PatchFailure('invalid_index', `index ${index} is past the end of an array of ${length}`);
  return index;
}

/** The value at `tokens`, found only through own members (never a prototype's). */
function valueAt(document: unknown, tokens: readonly string[], pointer: string): unknown {
  let value = document;
  for (const token of tokens) {
    if (Array.isArray(value)) value = value[arrayIndex(token, value.length, { append: false })];
    else if (isContainer(value) && Object.hasOwn(value, token))
      value = (value as Record<string, unknown>)[token];
    else throw new PatchFailure('missing_target', `nothing at "${pointer}"`);
  }
  return value;
}

/**
 * A copy of `document` in which the container at `tokens` is replaced by what `change` makes of it; only the
 * containers on the path are copied, everything else is shared.
 */
function changeAt(
  document: unknown,
  tokens: readonly string[],
  pointer: string,
  change: (container: Container) => Container,
): unknown {
  if (tokens.length === 0) {
    if (!isContainer(document))
      throw new PatchFailure('missing_target', `"${pointer}" is not in an object or array`);
    return change(document);
  }
  const [token, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(document)) {
    const index = arrayIndex(token, document.length, { append: false });
    const copy = document.slice();
    copy[index] = changeAt(document[index], rest, pointer, change);
    return copy;
  }
  if (isContainer(document) && Object.hasOwn(document, token)) {
    const member = (document as Record<string, unknown>)[token];
    return { ...document, [token]: changeAt(member, rest, pointer, change) };
  }
  throw new PatchFailure('missing_target', `nothing at "${pointer}"`);
}

function add(document: unknown, pointer: string, value: unknown): unknown {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return value;
  const key = tokens.at(-1)!;
  return changeAt(document, tokens.slice(0, -1), pointer, (container) => {
    if (!Array.isArray(container)) return { ...container, [key]: value };
    const copy = container.slice();
    copy.splice(arrayIndex(key, container.length, { append: true }), 0, value);
    return copy;
  });
}

function remove(document: unknown, pointer: string): unknown {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) throw new PatchFailure('invalid_pointer', 'the whole document cannot be removed');
  valueAt(document, tokens, pointer);
  const key = tokens.at(-1)!;
  return changeAt(document, tokens.slice(0, -1), pointer, (container) => {
    if (Array.isArray(container))
      return container.toSpliced(arrayIndex(key, container.length, { append: false }), 1);
    const { [key]: _removed, ...rest } = container;
    return rest;
  });
}

function replace(document: unknown, pointer: string, value: unknown): unknown {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return value;
  valueAt(document, tokens, pointer);
  const key = tokens.at(-1)!;
  return changeAt(document, tokens.slice(0, -1), pointer, (container) => {
    if (!Array.isArray(container)) return { ...container, [key]: value };
    return container.with(arrayIndex(key, container.length, { append: false }), value);
  });
}

function deepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (!isContainer(left) || !isContainer(right) || Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      deepEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}

function applyOperation(document: unknown, operation: JsonPatchOperation): unknown {
  switch (operation.op) {
    case 'add':
      return add(document, operation.path, operation.value);
    case 'remove':
      return remove(document, operation.path);
    case 'replace':
      return replace(document, operation.path, operation.value);
    case 'copy':
      return add(document, operation.path, valueAt(document, pointerTokens(operation.from), operation.from));
    case 'move': {
      if (operation.path.startsWith(`${operation.from}/`))
        throw new PatchFailure('invalid_pointer', `"${operation.from}" cannot move into its own child`);
      const value = valueAt(document, pointerTokens(operation.from), operation.from);
      return add(remove(document, operation.from), operation.path, value);
    }
    case 'test':
      if (!deepEqual(valueAt(document, pointerTokens(operation.path), operation.path), operation.value))
        throw new PatchFailure('test_failed', `the value at "${operation.path}" is not the one tested for`);
      return document;
    default: {
      const unknownOperation: never = operation;
      throw new PatchFailure('invalid_pointer', `unknown operation ${JSON.stringify(unknownOperation)}`);
    }
  }
}

/**
 * Applies a JSON Patch (RFC 6902) without changing `document`: the result shares every part the patch did not
 * touch. The patch applies whole or not at all; a failure is a value naming the operation, never a throw.
 */
export function applyJsonPatch(document: unknown, patch: readonly JsonPatchOperation[]): JsonPatchResult {
  let current = document;
  for (const [index, operation] of patch.entries()) {
    try {
      current = applyOperation(current, operation);
    } catch (error) {
      if (!(error instanceof PatchFailure)) throw error;
      return {
        success: false,
        error: {
          code: error.code,
          operation: index,
          message: `operation ${index} (${operation.op}): ${error.message}`,
        },
      };
    }
  }
  return { success: true, document: current };
}
