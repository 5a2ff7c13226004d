/** What `hotkeys(options)` accepts. */
export interface KitHotkeysOptions {
  /** Other keys that press the same button: `{ '=': 'Enter', x: '*' }`. */
  aliases?: Record<string, string>;
}

const typingTargets = 'input, textarea, select, [contenteditable]';

/**
 * Typing a key presses the widget's `<button data-key="…">` for it (a calculator's digits, a player's space bar):
 * the button is clicked, so one click handler serves pointer, keyboard and typing, and it shows `.pressed` for
 * a moment. Keys typed into a field, with Ctrl, Alt or Meta, and Enter or Space on a focused button (which
 * press that button already) are left alone.
 */
export function hotkeys({ aliases = {} }: KitHotkeysOptions = {}): void {
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(typingTargets)) return;
    if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button')) return;
    const key = aliases[event.key] ?? event.key;
    const button = document.querySelector<HTMLButtonElement>(`button[data-key="${CSS.escape(key)}"]`);
    if (button === null || button.disabled) return;
    event.preventDefault();
    button.click();
    button.classList.add('pressed');
    setTimeout(() => button.classList.remove('pressed'), 110);
  });
}
