/** A clock that moves on by `stepMs` each time it is read, from `start`: every write a store dates is later than the last. */
export function steppingClock({ start, stepMs }: { start: string; stepMs: number }): () => Date {
  let tick = 0;
  const startMs = Date.parse(start);
  return () => new Date(startMs + stepMs * tick++);
}
