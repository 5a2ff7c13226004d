// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { HeightReporter } from './height-reporter.ts';

/** Layout is faked here, so the root's resize observer is too: `grow` calls what it would. */
let resizeCallbacks: Array<() => void> = [];
beforeEach(() => {
  resizeCallbacks = [];
  globalThis.ResizeObserver = class {
    constructor(callback: () => void) {
      resizeCallbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

/** A frame whose layout the test sets: the root's height, the document's scroll and client sizes. */
function fakeFrame({ innerHeight = 400 }: { innerHeight?: number } = {}) {
  const root = document.createElement('div');
  root.append(document.createElement('p'));
  document.body.replaceChildren(root);
  const layout = { rootHeight: 0, scrollWidth: 600, clientWidth: 600, clientHeight: innerHeight };
  root.getBoundingClientRect = () => ({ height: layout.rootHeight }) as DOMRect;
  const documentElement = document.documentElement;
  Object.defineProperty(documentElement, 'scrollWidth', {
    configurable: true,
    get: () => layout.scrollWidth,
  });
  Object.defineProperty(documentElement, 'clientWidth', {
    configurable: true,
    get: () => layout.clientWidth,
  });
  Object.defineProperty(documentElement, 'clientHeight', {
    configurable: true,
    get: () => layout.clientHeight,
  });
  const frames: Array<() => void> = [];
  const resizeListeners: Array<() => void> = [];
  const frameWindow = {
    innerHeight,
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    addEventListener: (type: string, listener: () => void) =>
      type === 'resize' && resizeListeners.push(listener),
  } as { innerHeight: number };
  const reports: number[] = [];
  const reporter = new HeightReporter({
    root,
    window: frameWindow as unknown as Window,
    report: (px) => reports.push(px),
  });
  const runFrames = () => {
    for (const callback of frames.splice(0)) callback();
  };
  /** The runtime changed the widget (markup, CSS, script) and the next animation frame measures it. */
  const measure = (change: Partial<typeof layout>) => {
    Object.assign(layout, change);
    reporter.noteContentChanged();
    runFrames();
  };
  /** The host resized the iframe; `change` is what the same layout did to the widget. */
  const resizeViewport = (height: number, change: Partial<typeof layout> = {}) => {
    frameWindow.innerHeight = height;
    Object.assign(layout, { clientHeight: height, ...change });
    for (const listener of resizeListeners) listener();
    runFrames();
  };
  /** The widget changed by itself (its script added a row): only the resize observer notices. */
  const grow = (change: Partial<typeof layout>) => {
    Object.assign(layout, change);
    for (const callback of resizeCallbacks) callback();
    runFrames();
  };
  return { reports, measure, resizeViewport, grow, documentElement };
}

describe('HeightReporter', () => {
  it('rounds a fractional height up, so the frame is never a fraction too small', () => {
    const { reports, measure } = fakeFrame();
    measure({ rootHeight: 404.3 });
    expect(reports).toEqual([405]);
  });

  it('adds the height of a horizontal scrollbar while the content is wider than the frame', () => {
    const { reports, measure } = fakeFrame({ innerHeight: 420 });
    measure({ rootHeight: 404, scrollWidth: 700, clientWidth: 686, clientHeight: 405 });
    expect(reports).toEqual([419]);
    measure({ scrollWidth: 686 });
    expect(reports).toEqual([419, 404]);
  });

  it('reports a growth of the widget after the host applied its last report', () => {
    const { reports, measure, resizeViewport, grow } = fakeFrame({ innerHeight: 220 });
    measure({ rootHeight: 300 });
    resizeViewport(300);
    grow({ rootHeight: 400 });
    expect(reports).toEqual([300, 400]);
  });

  it('does not report content that grows with the viewport in the same frame (a 100vh block)', () => {
    const { reports, measure, resizeViewport, grow } = fakeFrame({ innerHeight: 220 });
    measure({ rootHeight: 300 });
    resizeViewport(300, { rootHeight: 380 });
    // The root's resize observer sees the same growth a frame later.
    grow({});
    expect(reports).toEqual([300]);
  });

  it('keeps the document from scrolling vertically unless the widget is taller than the largest frame', () => {
    const { measure, documentElement } = fakeFrame();
    expect(documentElement.style.overflowY).toBe('hidden');
    measure({ rootHeight: 5000 });
    expect(documentElement.style.overflowY).toBe('auto');
    measure({ rootHeight: 300 });
    expect(documentElement.style.overflowY).toBe('hidden');
  });
});
