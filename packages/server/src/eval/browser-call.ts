/**
 * The source of a call to `fn(argument)` for Playwright's `evaluate`. Under tsx, esbuild keeps function names by
 * wrapping inner functions in `__name(...)`, a helper that exists only in Node, so a function's text fails in the
 * browser; a local no-op `__name` around the call fixes that without adding a global to the widget's realm.
 */
export function browserCall<Argument, Result>(
  fn: (argument: Argument) => Result,
  argument: Argument,
): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${JSON.stringify(argument)}); })()`;
}
