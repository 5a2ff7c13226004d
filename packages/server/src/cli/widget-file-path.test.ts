import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareWidgetFilePath } from './widget-file-path.ts';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'drawbridge-out-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('prepareWidgetFilePath', () => {
  const prepare = (out: string | undefined) =>
    prepareWidgetFilePath({ out, directory: folder, widgetId: 'w1' });

  it('saves under the default name in the current folder without --out', async () => {
    expect(await prepare(undefined)).toBe(join(folder, 'drawbridge-widget-w1.html'));
  });

  it('takes --out as the file, relative to the current folder, creating the folders on the way', async () => {
    expect(await prepare('out/deep/molecule.html')).toBe(join(folder, 'out', 'deep', 'molecule.html'));
    expect(statSync(join(folder, 'out', 'deep')).isDirectory()).toBe(true);
    expect(await prepare(join(folder, 'elsewhere.html'))).toBe(join(folder, 'elsewhere.html'));
  });

  it('puts the widget inside an existing folder, or a new one named with a trailing slash', async () => {
    mkdirSync(join(folder, 'widgets'));
    expect(await prepare('widgets')).toBe(join(folder, 'widgets', 'drawbridge-widget-w1.html'));
    expect(await prepare('new/')).toBe(join(folder, 'new', 'drawbridge-widget-w1.html'));
    expect(statSync(join(folder, 'new')).isDirectory()).toBe(true);
  });

  it('replaces an existing file of that name', async () => {
    writeFileSync(join(folder, 'widget.html'), 'old');
    expect(await prepare('widget.html')).toBe(join(folder, 'widget.html'));
  });
});
