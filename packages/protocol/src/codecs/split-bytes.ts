// Test support: ways to cut a byte stream into chunks, as a network would.

/** Splits `bytes` at the given sorted cut positions. */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(bytes.subarray(start, cut));
    start = cut;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

/** Deterministic pseudo-random cut positions (mulberry32), so a failing split can be replayed from its seed. */
export function seededCuts(seed: number, length: number, cutCount: number): number[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const cuts = Array.from({ length: cutCount }, () => Math.floor(next() * (length + 1)));
  return cuts.sort((left, right) => left - right);
}
