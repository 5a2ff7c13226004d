import { h, resolveElement } from './element.ts';

/** Fills a `<dl>` with terms and values (a list of pairs, or an object), as text. */
export function dl(
  target: HTMLElement | string,
  rows: Array<[string, unknown]> | Record<string, unknown>,
): HTMLElement {
  const element = resolveElement(target);
  const pairs = Array.isArray(rows) ? rows : Object.entries(rows);
  element.replaceChildren(
    ...pairs.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, String(value ?? ''))]),
  );
  return element;
}

/**
 * Says in the widget that something failed: the message goes into the `.alert` of the widget's `.kit` root
 * (added when there is none), so a widget's `catch (error) { fail(error) }` is one line.
 */
export function fail(error: unknown, root?: HTMLElement | string): void {
  const container =
    root === undefined
      ? (document.querySelector<HTMLElement>('.kit') ?? document.body)
      : resolveElement(root);
  let alert = container.querySelector<HTMLElement>(':scope > .alert[role=alert]');
  if (alert === null) {
    alert = h('p', { class: 'alert', role: 'alert' });
    container.append(alert);
  }
  alert.hidden = false;
  alert.textContent = `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
}
