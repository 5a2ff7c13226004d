/**
 * The arguments as far as they streamed: a prefix of a JSON object is closed (an open string, open arrays and
 * objects) and parsed, and where that fails (a dangling key, a half-written number or literal) the text is cut
 * back to the last comma or opening bracket first. Undefined when nothing usable has arrived yet.
 */
export function partialJsonArguments(text: string): Record<string, unknown> | undefined {
  const closers: string[] = [];
  /** Places the text can be cut and closed: just before a comma, or just after an opening bracket. */
  const cuts: { at: number; closers: string }[] = [];
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') {
      closers.push(character === '{' ? '}' : ']');
      cuts.push({ at: index + 1, closers: [...closers].reverse().join('') });
    } else if (character === '}' || character === ']') closers.pop();
    else if (character === ',') cuts.push({ at: index, closers: [...closers].reverse().join('') });
  }
  // An escape cut in half would swallow the closing quote.
  const whole =
    (escaped ? text.slice(0, -1) : text) + (inString ? '"' : '') + [...closers].reverse().join('');
  const candidates = [whole, ...cuts.reverse().map((cut) => text.slice(0, cut.at) + cut.closers)];
  for (const candidate of candidates) {
    const parsed = parseObject(candidate);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
