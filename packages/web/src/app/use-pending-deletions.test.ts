// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePendingDeletions } from './use-pending-deletions.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Deletions = ReturnType<typeof usePendingDeletions>;

function DeletionsProbe({
  options,
  onRender,
}: {
  options: Parameters<typeof usePendingDeletions>[0];
  onRender(result: Deletions): void;
}) {
  onRender(usePendingDeletions(options));
  return null;
}

/** Mounts the hook in a component and hands back its latest result. */
function mountDeletions(options: Parameters<typeof usePendingDeletions>[0]): {
  current(): Deletions;
  root: Root;
} {
  let latest: Deletions | undefined;
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      createElement(DeletionsProbe, {
        options,
        onRender: (result) => {
          latest = result;
        },
      }),
    ),
  );
  return {
    current: () => {
      if (latest === undefined) throw new Error('not rendered');
      return latest;
    },
    root,
  };
}

afterEach(() => vi.useRealTimers());

describe('usePendingDeletions', () => {
  it('deletes only after the undo window, and not at all when undone', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const deletions = mountDeletions({ commit, delayMs: 1_000 });
    act(() => deletions.current().schedule({ threadId: 'a', title: 'A' }));
    act(() => deletions.current().schedule({ threadId: 'b', title: 'B' }));
    expect(deletions.current().pending.map((deletion) => deletion.threadId)).toEqual(['a', 'b']);
    act(() => deletions.current().undo('a'));
    act(() => vi.advanceTimersByTime(999));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit.mock.calls).toEqual([['b']]);
    expect(deletions.current().pending).toEqual([]);
    act(() => deletions.root.unmount());
  });

  it('deletes what is still pending when the page goes away, once', () => {
    const commit = vi.fn();
    const deletions = mountDeletions({ commit, delayMs: 60_000 });
    act(() => deletions.current().schedule({ threadId: 'a', title: 'A' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(commit.mock.calls).toEqual([['a']]);
    act(() => deletions.root.unmount());
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
