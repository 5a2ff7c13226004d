import type { ModelScript } from '../script/model-script.ts';

/** What a reply's `{{name}}` placeholders can be filled from. */
export interface DemoReplyContext {
  /** The entry's invitation pattern, whose named groups are values. */
  pattern?: RegExp;
  /** The last user message, whole. */
  userText: string;
  /** The widget quoted last in the conversation: its id and wire text (`@@CSS@@ … @@END@@`). */
  quoted?: { id: string; text: string };
  /** What the chat's widgets keep, one line each, as the server's widget-state block on the message lists it. */
  widgetStateLines?: readonly string[];
}

// Text from the person goes into prose (markdown, where entities read as the characters) and into markup
// attributes of the widget, never into script: escaping for HTML suits both, and escaping `@` keeps what they
// typed from spelling a widget marker.
function escapeForReply(text: string): string {
  return text.replace(/[&<>"'@{}]/g, (character) => `&#${character.codePointAt(0)};`);
}

/** The last non-blank line of the quoted widget's CSS, which an edit that appends to it searches for. */
function lastCssLine(wireText: string): string | undefined {
  const css = /@@CSS@@\n([\s\S]*?)\n@@HTML@@/.exec(wireText)?.[1] ?? '';
  return css
    .split('\n')
    .filter((line) => line.trim() !== '')
    .at(-1);
}

/**
 * The values for an entry's placeholders: `widgetState` (what the chat's widgets keep, as a list),
 * `widget` (the quoted widget's id, which an edit names),
 * `lastCssLine` (the line an appending CSS edit searches for) and every named group of the entry's `pattern`
 * in the message, escaped.
 */
export function demoReplyValues({
  pattern,
  userText,
  quoted,
  widgetStateLines = [],
}: DemoReplyContext): Record<string, string> {
  const values: Record<string, string> = {
    // Widget-written text: escaped like the user's own, one list item a widget.
    widgetState:
      widgetStateLines.length === 0
        ? 'nothing yet — no widget in this chat has kept anything.'
        : `\n\n${widgetStateLines.map((line) => `- ${escapeForReply(line.slice(2))}`).join('\n')}`,
  };
  if (quoted !== undefined) {
    values.widget = quoted.id;
    const line = lastCssLine(quoted.text);
    if (line !== undefined) values.lastCssLine = line;
  }
  const groups = pattern?.exec(userText.trim())?.groups ?? {};
  for (const [name, value] of Object.entries(groups)) {
    if (value !== undefined) values[name] = escapeForReply(value.trim());
  }
  return values;
}

/** The text with each `{{name}}` replaced by `values[name]`, in one pass; a name without a value stays. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{([A-Za-z]+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The script with the placeholders of its text parts filled. */
export function fillDemoScript(script: ModelScript, values: Readonly<Record<string, string>>): ModelScript {
  if (Object.keys(values).length === 0) return script;
  return {
    steps: script.steps.map((step) => ({
      parts: step.parts.map((part) =>
        part.type === 'text' ? { ...part, text: fillPlaceholders(part.text, values) } : part,
      ),
    })),
  };
}
