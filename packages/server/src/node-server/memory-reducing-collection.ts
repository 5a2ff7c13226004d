import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GarbageCollection = (options: {
  type: 'major';
  execution: 'async';
  flavor: 'last-resort';
}) => Promise<void>;

let collection: GarbageCollection | undefined;

/**
 * V8's memory-reducing collection, the one it runs under memory pressure: it collects everything it can and
 * gives the heap's empty pages back to the system. A regular collection frees the objects but keeps the pages
 * resident for reuse, and an idle process allocates nothing, so without this the memory a burst grew into
 * stays taken however long the process idles. The function is taken from a context of its own, made while
 * `--expose-gc` is set for that moment only, so no `gc` global appears in the process (or in a later context).
 */
export function memoryReducingCollection(): () => Promise<void> {
  if (collection === undefined) {
    setFlagsFromString('--expose-gc');
    try {
      collection = runInNewContext('gc') as GarbageCollection;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  const collect = collection;
  return () => collect({ type: 'major', execution: 'async', flavor: 'last-resort' });
}
