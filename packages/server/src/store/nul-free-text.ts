/**
 * PostgreSQL text cannot hold U+0000 and refuses the whole statement, so a model or a frame that sends one
 * would fail a write. Every text the store writes has it replaced by U+FFFD, in both dialects so they store
 * the same; browsers make the same replacement when they parse NUL in HTML and CSS.
 */
export function withoutNul<Value>(value: Value): Value {
  return typeof value === 'string' && value.includes('\u0000')
    ? (value.replaceAll('\u0000', '\uFFFD') as Value)
    : value;
}
