/** What `h()` takes as a child: text, a node, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/**
 * Makes an element: `h('li', { class: 'badge ok' }, 'Done')`. Attributes whose value is `false`, `null` or
 * `undefined` are left out, `true` writes an empty one; a function under an `on…` name is added as a listener.
 * Children that are strings become text (never markup), so model-chosen text cannot inject elements.
 */
export function h(
  tag: string,
  attributes: Record<string, unknown> = {},
  ...children: Array<Child | Child[]>
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === 'function' && name.startsWith('on')) {
      element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
  return element;
}

/** The element itself, or the first match of a selector in the document (a missing one is an error that says so). */
export function resolveElement<Kind extends Element = HTMLElement>(target: Kind | string): Kind {
  if (typeof target !== 'string') return target;
  const found = document.querySelector<Kind & Element>(target);
  if (found === null) throw new Error(`kit: no element matches ${target}`);
  return found;
}
