import { applyWidgetHunk } from '@drawbridge/protocol/widget-hunk';

/**
 * The widget's CSS in the frame. Deltas are appended to one text node, so the host never re-sends the
 * stylesheet. A part that replaces the CSS (an edit) streams into a second sheet placed after the first,
 * and the first stays until the new part is complete (`settle`, when the host moves on to another part):
 * the widget keeps its old styles while the new ones arrive, later rules winning, instead of being drawn
 * unstyled from the first delta of the new sheet to its last.
 */
export class WidgetStylesheet {
  private current: HTMLStyleElement;
  private currentText: Text;
  private incoming: { element: HTMLStyleElement; text: Text } | undefined;

  constructor({ element }: { element: HTMLStyleElement }) {
    this.current = element;
    this.currentText = element.appendChild(element.ownerDocument.createTextNode(''));
  }

  /** Appends a delta to the part being written (the replacing one while it streams). */
  append(delta: string): void {
    (this.incoming?.text ?? this.currentText).appendData(delta);
  }

  /** Starts the CSS afresh from `delta`; the sheet in force stays until `settle`. */
  replace(delta: string): void {
    this.settle();
    if (this.currentText.data === '' || this.currentText.data === delta) {
      this.currentText.data = delta;
      return;
    }
    const element = this.current.ownerDocument.createElement('style');
    const text = element.appendChild(this.current.ownerDocument.createTextNode(delta));
    this.current.after(element);
    this.incoming = { element, text };
  }

  /** An edit's hunk: the first occurrence of `search` in the CSS becomes `delta`, the new sheet whole at once. */
  patch(search: string, delta: string): void {
    this.settle();
    const patched = applyWidgetHunk(this.currentText.data, search, delta);
    if (patched === undefined) return;
    this.replace(patched);
    this.settle();
  }

  /** The replacing part is complete: it becomes the only sheet. */
  settle(): void {
    if (this.incoming === undefined) return;
    this.incoming.element.id = this.current.id;
    this.current.remove();
    this.current = this.incoming.element;
    this.currentText = this.incoming.text;
    this.incoming = undefined;
  }

  /** The CSS in force once settled, for tests and diagnostics. */
  get text(): string {
    return (this.incoming?.text ?? this.currentText).data;
  }
}
