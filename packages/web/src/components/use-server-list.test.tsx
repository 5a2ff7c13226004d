// @vitest-environment happy-dom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useServerList } from './use-server-list.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let seen: ReturnType<typeof useServerList<string>>;

function Probe({ load }: { load: () => Promise<string[]> }) {
  seen = useServerList(load);
  return null;
}

/** A promise the test settles by hand, so each state in between can be looked at. */
function deferred<Value>() {
  let resolve: (value: Value) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<Value>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
});

describe('useServerList', () => {
  it('loads on mount, and after a change is busy until the list is loaded again', async () => {
    let stored = ['a'];
    const load = async () => stored;
    await act(async () => root.render(<Probe load={load} />));
    expect(seen).toMatchObject({ items: ['a'], problem: undefined, busy: false });

    const action = deferred<void>();
    act(() =>
      seen.change(async () => {
        await action.promise;
        stored = ['a', 'b'];
      }),
    );
    expect(seen.busy).toBe(true);
    await act(async () => action.resolve());
    expect(seen).toMatchObject({ items: ['a', 'b'], problem: undefined, busy: false });
  });

  it('tells a failed change or load as the problem, and a later change clears it', async () => {
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('the list is out of reach');
      return ['a'];
    };
    await act(async () => root.render(<Probe load={load} />));
    expect(seen).toMatchObject({ items: undefined, problem: 'the list is out of reach' });

    fail = false;
    await act(async () => seen.change(() => Promise.reject('refused')));
    expect(seen).toMatchObject({ items: undefined, problem: 'refused', busy: false });

    await act(async () => seen.change(async () => undefined));
    expect(seen).toMatchObject({ items: ['a'], problem: undefined, busy: false });
  });
});
