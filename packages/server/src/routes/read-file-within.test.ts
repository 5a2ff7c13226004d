import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../app/testing/temporary-directory.ts';
import { readFileWithin, resolveWithin } from './read-file-within.ts';

describe('resolveWithin', () => {
  it.each([
    '../secret',
    'build/../../secret',
    'build/%2e%2e/%2e%2e/secret',
    '%2e%2e%2fsecret',
    'build%2F..%2F..%2Fsecret',
    '/etc/passwd',
    '%2Fetc%2Fpasswd',
    'build\\..\\secret',
    'build/%00.js',
    'build//three.js',
    'build/./three.js',
    '%E0%A4%A',
    '',
  ])('refuses %j', (requestPath) => {
    expect(resolveWithin('/srv/root', requestPath)).toBeUndefined();
  });

  it('resolves a plain nested path inside the root', () => {
    expect(resolveWithin('/srv/root', 'build/three%20module.js')).toBe('/srv/root/build/three module.js');
  });
});

describe('readFileWithin', () => {
  let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
  beforeAll(async () => {
    directory = await temporaryDirectory();
    await mkdir(join(directory.path, 'build'));
    await writeFile(join(directory.path, 'build', 'a.js'), 'export const a = 1;');
  });
  afterAll(() => directory.remove());

  it('reads a file with its MIME type', async () => {
    const file = await readFileWithin(directory.path, 'build/a.js');
    expect(file?.contentType).toBe('text/javascript; charset=utf-8');
    expect(new TextDecoder().decode(file?.contents)).toBe('export const a = 1;');
  });

  it('returns undefined for folders and missing files', async () => {
    expect(await readFileWithin(directory.path, 'build')).toBeUndefined();
    expect(await readFileWithin(directory.path, 'build/missing.js')).toBeUndefined();
  });
});
