// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSameList } from './use-same-list.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen: (readonly string[])[] = [];

function Probe({ hosts }: { hosts: readonly string[] }) {
  seen.push(useSameList(hosts));
  return null;
}

describe('useSameList', () => {
  it('keeps the first list while the items stay the same, and takes a list whose items changed', () => {
    const root = createRoot(document.createElement('div'));
    const first = ['a.example', 'b.example'];
    act(() => root.render(<Probe hosts={first} />));
    act(() => root.render(<Probe hosts={['a.example', 'b.example']} />));
    const reordered = ['b.example', 'a.example'];
    act(() => root.render(<Probe hosts={reordered} />));
    const longer = ['b.example', 'a.example', 'c.example'];
    act(() => root.render(<Probe hosts={longer} />));
    act(() => root.render(<Probe hosts={[]} />));
    act(() => root.unmount());
    expect(seen[0]).toBe(first);
    expect(seen[1]).toBe(first);
    expect(seen[2]).toBe(reordered);
    expect(seen[3]).toBe(longer);
    expect(seen[4]).toEqual([]);
  });
});
