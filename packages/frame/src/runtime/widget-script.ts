/**
 * Runs the widget's JavaScript once, as an inline module script, so `import` works through the
 * frame's import map and its errors reach `window.onerror` like any page script.
 */

const completionEvent = 'drawbridge:widget-script-done';

export function runWidgetScript({
  document,
  text,
  onCompleted,
  onImportFailed,
}: {
  document: Document;
  text: string;
  /** Called when the module body ran to its end without throwing. */
  onCompleted: () => void;
  /** Called when a module the script imports could not be fetched or linked. */
  onImportFailed: () => void;
}): void {
  document.addEventListener(completionEvent, onCompleted, { once: true });
  const script = document.createElement('script');
  script.type = 'module';
  // Inline module scripts fire no `load` event; a line appended to the module itself runs only if
  // everything before it (top-level await included) completed. The newline ends a trailing `//` comment.
  script.textContent = `${text}\n;document.dispatchEvent(new Event(${JSON.stringify(completionEvent)}));\n`;
  script.addEventListener('error', onImportFailed, { once: true });
  document.body.append(script);
}
