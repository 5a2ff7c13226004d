/** Whether a person could act on an element right now, and if not, why. */
export type PokeReachability = 'ready' | 'hidden' | 'disabled' | 'covered';

/**
 * Runs in the widget's frame (Playwright's `evaluate`), on the element about to be poked: answers at once
 * what Playwright's own actionability checks would only conclude after waiting out their timeout — that the
 * element is gone or has no box (`hidden`), is disabled or read-only (`disabled`), or that something else
 * lies on top of its centre (`covered`: a pointer cannot reach it, a keyboard still may). `editable` asks
 * also for a field that takes typing.
 */
export function pokeReachability(element: Element, editable: boolean): PokeReachability {
  if (!element.isConnected) return 'hidden';
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') return 'hidden';
  if (element.matches(':disabled') || element.closest('[aria-disabled="true"], [inert]') !== null)
    return 'disabled';
  if (editable && (element as HTMLInputElement).readOnly === true) return 'disabled';
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const centre = element.getBoundingClientRect();
  const hit = document.elementFromPoint(centre.left + centre.width / 2, centre.top + centre.height / 2);
  // A label or the element's own children on top still deliver the click to it.
  if (hit === null || hit === element || element.contains(hit)) return 'ready';
  const label = hit.closest('label');
  if (label !== null && (label as HTMLLabelElement).control === element) return 'ready';
  return 'covered';
}
