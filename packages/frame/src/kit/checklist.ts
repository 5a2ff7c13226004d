import { type Child, h, resolveElement } from './element.ts';

/** How far a checklist is: `done` of `total` ticked, and which. */
export interface KitChecklistProgress {
  done: number;
  total: number;
  checked: boolean[];
}

/** What `checklist(target, items, options)` accepts. */
export interface KitChecklistOptions {
  /** Runs at once and after every tick, with the progress. */
  onChange?: (progress: KitChecklistProgress) => void;
  /**
   * Keeps the ticks through a reload or an edit under this name in the widget's state (`host.setState`, merged
   * with what else the widget keeps there), and restores them from it.
   */
  keep?: string;
}

/** What `checklist()` returns. */
export interface KitChecklist {
  element: HTMLElement;
  progress(): KitChecklistProgress;
}

interface WidgetStateHost {
  getState(): Record<string, unknown> | null;
  setState(state: Record<string, unknown>): Promise<void>;
}

const widgetHost = (): WidgetStateHost | undefined => (globalThis as { host?: WidgetStateHost }).host;

/**
 * Fills `target` (a `<ul>` or any container) with items the user ticks off, each a checkbox in a label (text,
 * or text and elements from `h()`); a ticked item is struck through. With `keep`, the ticks are kept in the
 * widget's state, so they survive a reload and the model sees them next turn.
 */
export function checklist(
  target: HTMLElement | string,
  items: Array<Child | Child[]>,
  options: KitChecklistOptions = {},
): KitChecklist {
  const element = resolveElement(target);
  element.classList.add('checklist');
  const saved = options.keep === undefined ? undefined : widgetHost()?.getState()?.[options.keep];
  const boxes = items.map((_, index) =>
    h('input', { type: 'checkbox', checked: Array.isArray(saved) && saved[index] === true }),
  ) as HTMLInputElement[];
  // Text goes in a span of its own, so it is a flex item beside the box and can be struck through.
  const entries = items.map((item, index) =>
    h(
      'li',
      {},
      h(
        'label',
        {},
        boxes[index],
        (Array.isArray(item) ? item : [item]).map((part) =>
          typeof part === 'string' || typeof part === 'number' ? h('span', {}, part) : part,
        ),
      ),
    ),
  );
  element.replaceChildren(
    ...(element instanceof HTMLUListElement || element instanceof HTMLOListElement
      ? entries
      : [h('ul', {}, entries)]),
  );

  const progress = (): KitChecklistProgress => {
    const checked = boxes.map((box) => box.checked);
    return { done: checked.filter(Boolean).length, total: checked.length, checked };
  };
  element.addEventListener('change', () => {
    const now = progress();
    options.onChange?.(now);
    const host = widgetHost();
    if (options.keep === undefined || host === undefined) return;
    // A refused state (over the size limit) costs only the keeping; the ticks on screen stay as they are.
    host.setState({ ...host.getState(), [options.keep]: now.checked }).catch(() => undefined);
  });
  options.onChange?.(progress());
  return { element, progress };
}
