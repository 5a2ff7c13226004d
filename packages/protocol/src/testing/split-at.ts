import { createSeededRandom } from '../seeded-random.ts';

/** Cuts `whole` at `cuts` (positions in any order, repeats allowed) as a network or a model would. */
export function splitAt<Whole extends string | Uint8Array>({
  whole,
  cuts,
}: {
  whole: Whole;
  cuts: readonly number[];
}): Whole[] {
  const sortedCuts = [...cuts].sort((left, right) => left - right);
  const pieces: Whole[] = [];
  let start = 0;
  for (const cut of sortedCuts) {
    pieces.push(whole.slice(start, cut) as Whole);
    start = cut;
  }
  pieces.push(whole.slice(start) as Whole);
  return pieces;
}

/** `count` cut positions in `[0, length]` drawn from `seed`, so a failing split can be replayed from its seed. */
export function seededCuts({
  seed,
  length,
  count,
}: {
  seed: number;
  length: number;
  count: number;
}): number[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => Math.floor(random() * (length + 1)));
}
