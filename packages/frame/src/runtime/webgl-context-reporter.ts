/**
 * Tells the host how many WebGL contexts the widget holds, so the page's WebGL budget stops counting a
 * frame that settled without one (a calculator is never released to make room): on every new context,
 * and once the widget's script has run (`reportSettled`), holding none or some. Installed before widget
 * code runs: it wraps `getContext` on the canvas prototypes, which every canvas — the widget's, and the
 * stage's 3D scenes — goes through. Widget code can post a false count too; that only misleads the budget
 * about its own frame.
 */
export function reportWebglContexts({
  window,
  report,
}: {
  window: Window & typeof globalThis;
  report: (contexts: number) => void;
}): { reportSettled(): void } {
  // A canvas answers repeated getContext calls with the same context; count each context once.
  const seen = new WeakSet<object>();
  let contexts = 0;
  const wrap = (prototype: { getContext: (...args: never[]) => unknown } | undefined) => {
    if (prototype === undefined) return;
    const original = prototype.getContext;
    Object.defineProperty(prototype, 'getContext', {
      configurable: true,
      writable: true,
      value: function getContext(this: unknown, ...args: never[]) {
        const context = Reflect.apply(original, this, args);
        const type = args[0] as unknown;
        if ((type === 'webgl' || type === 'webgl2') && typeof context === 'object' && context !== null) {
          if (!seen.has(context)) {
            seen.add(context);
            contexts += 1;
            report(contexts);
          }
        }
        return context;
      },
    });
  };
  wrap(window.HTMLCanvasElement?.prototype as never);
  wrap(window.OffscreenCanvas?.prototype as never);
  return { reportSettled: () => report(contexts) };
}
