import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An empty temporary folder, removed by the returned cleanup. */
export async function temporaryDirectory(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'drawbridge-server-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
