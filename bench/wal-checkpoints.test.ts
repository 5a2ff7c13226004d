import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bench = fileURLToPath(new URL('./wal-checkpoints.ts', import.meta.url));

// Run tiny, so the bench the checkpoint worker was measured with keeps working.
describe('bench/wal-checkpoints.ts', () => {
  it('rewrites every reply and prints what the loop waited', { timeout: 60_000 }, async () => {
    const { stdout } = await run(
      process.execPath,
      [...process.execArgv, bench, '--replies', '4', '--every-ms', '5', '--seconds', '0.5'],
      { timeout: 50_000 },
    );
    const writes = Number(/^writes\s+(\d+)/m.exec(stdout)?.[1]);
    // Four replies for half a second, a write every 5 ms at most: some, and never more than the schedule allows.
    expect(writes).toBeGreaterThanOrEqual(4);
    expect(writes).toBeLessThanOrEqual(4 * 101);
    expect(stdout).toMatch(/^loop delay\s+p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms$/m);
    expect(stdout).toMatch(/^largest WAL\s+[\d.]+ MB$/m);
  });
});
