/** The fence `widgetStateContextText` puts what widgets keep in, on the newest user message. */
const widgetStateBlock = /<widget-state>\n[^\n]*\n([\s\S]*?)\n?<\/widget-state>/;

/**
 * The user's own words apart from the widget-state block the server added to them, and that block's lines
 * (`- widget <id> ("label"): {json}`): the demo picks its reply by the user's words alone.
 */
export function splitWidgetState(text: string): { userText: string; widgetStateLines: string[] } {
  const block = widgetStateBlock.exec(text);
  if (block === null) return { userText: text, widgetStateLines: [] };
  const lines = (block[1] ?? '').split('\n').filter((line) => line.startsWith('- widget '));
  return { userText: text.replace(block[0], '').trim(), widgetStateLines: lines };
}
