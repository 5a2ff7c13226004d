import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the runtime bundle', () => {
  it('takes its host-message check from the protocol table and bundles no zod', async () => {
    const result = await build({
      entryPoints: [new URL('./main.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      metafile: true,
      format: 'iife',
      target: 'es2022',
      conditions: ['drawbridge-source'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('protocol/src/frame-message-table.ts'))).toBe(true);
  });
});
