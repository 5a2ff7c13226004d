import {
  type A2uiCheckRule,
  type A2uiScope,
  type JsonValue,
  readPointer,
  resolveA2uiBoolean,
  resolvePointer,
} from '@drawbridge/protocol';
import { useState } from 'react';
import { useA2uiRenderContext } from './a2ui-render-context.ts';

/** The scope a component's dynamic values are read in: the live data model and its template item. */
export function useA2uiScope(scopePath: string): A2uiScope {
  const { dataModel } = useA2uiRenderContext();
  return { dataModel, path: scopePath };
}

/** The absolute pointer a `{ path }` binding names from `scopePath`; undefined for a literal or a function. */
export function boundPointer(value: unknown, scopePath: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const path = (value as { path?: unknown }).path;
  return typeof path === 'string' ? resolvePointer(path, scopePath) : undefined;
}

/** An input's value, how to change it, and whether the user has touched it (its checks speak only then). */
export interface A2uiInputState<Value> {
  value: Value;
  set(next: Value & JsonValue): void;
  touched: boolean;
  /** Marks the input touched without changing it (it lost focus). */
  touch(): void;
}

/**
 * An input's two-way value: read from and written to the data model when the component binds it (`{ path }`),
 * else held by the component, starting from its literal (`resolve` turns whatever is there into the input's
 * type, so a model that holds the wrong type still draws). A form is not told off before the user began.
 */
export function useA2uiInputValue<Value>(
  value: unknown,
  scopePath: string,
  resolve: (raw: JsonValue | undefined) => Value,
): A2uiInputState<Value> {
  const { dataModel, write } = useA2uiRenderContext();
  const pointer = boundPointer(value, scopePath);
  const [local, setLocal] = useState<Value>(() => resolve(value as JsonValue | undefined));
  const [touched, setTouched] = useState(false);
  const touch = () => setTouched(true);
  if (pointer === undefined)
    return {
      value: local,
      set: (next) => {
        touch();
        setLocal(next);
      },
      touched,
      touch,
    };
  return {
    value: resolve(readPointer(dataModel, pointer)),
    set: (next) => {
      touch();
      write(pointer, next);
    },
    touched,
    touch,
  };
}

/** The messages of an input's checks whose condition is false now. */
export function failingA2uiChecks(checks: readonly A2uiCheckRule[] | undefined, scope: A2uiScope): string[] {
  return (checks ?? [])
    .filter((check) => !resolveA2uiBoolean(check.condition, scope))
    .map((check) => check.message);
}
