import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first of `candidates` that exists and is executable, else the program of that name on PATH. */
export function findExecutable({
  name,
  candidates = [],
}: {
  name: string;
  candidates?: string[];
}): string | undefined {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, name));
  for (const path of [...candidates, ...onPath]) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not there or not executable: try the next place.
    }
  }
  return undefined;
}
