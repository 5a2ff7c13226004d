import { describe, expect, it } from 'vitest';
import {
  documentedPackTable,
  type PackListing,
  packTable,
  packTableDifferences,
  withPackTable,
} from './pack-table.ts';

const protocol: PackListing = {
  name: '@drawbridge/protocol',
  files: [
    'CHANGELOG.md',
    'README.md',
    'dist/index.d.ts',
    'dist/index.js',
    'dist/codecs/a.js',
    'package.json',
  ],
  size: 118_400,
  unpackedSize: 1_523_000,
};

describe('the pack table', () => {
  it('counts the files, rounds the sizes to kB and names the top-level folders and files', () => {
    expect(packTable([protocol]).split('\n').at(-1)).toBe(
      '| `@drawbridge/protocol` | 6 | 118 kB | 1,523 kB | `dist/`, `CHANGELOG.md`, `README.md`, `package.json` |',
    );
  });

  it('reads and replaces the table between its markers', () => {
    const markdown = 'Before.\n\n<!-- pack:start -->\nold\n<!-- pack:end -->\n\nAfter.\n';
    const written = withPackTable(markdown, packTable([protocol]));
    expect(documentedPackTable(written)).toBe(packTable([protocol]));
    expect(written.startsWith('Before.\n\n<!-- pack:start -->\n| package |')).toBe(true);
    expect(written.endsWith('|\n<!-- pack:end -->\n\nAfter.\n')).toBe(true);
    expect(documentedPackTable('no table here')).toBeUndefined();
  });

  it('lets a file count or a size move by up to a tenth, and nothing else', () => {
    const many: PackListing = {
      ...protocol,
      files: [...protocol.files, ...Array.from({ length: 94 }, (_, index) => `dist/m${index}.js`)],
    };
    const documented = packTable([many]);
    const oneMore = { ...many, files: [...many.files, 'dist/new.js'], size: 128_000 };
    expect(packTableDifferences(documented, [oneMore])).toEqual([]);
    expect(packTableDifferences(documented, [{ ...many, size: 140_000 }])).toEqual([
      '`@drawbridge/protocol`, packed: "118 kB", now "140 kB"',
    ]);
    const twentyMore = [...many.files, ...Array.from({ length: 20 }, (_, index) => `dist/n${index}.js`)];
    expect(packTableDifferences(documented, [{ ...many, files: twentyMore }])).toEqual([
      '`@drawbridge/protocol`, files: "100", now "120"',
    ]);
    expect(
      packTableDifferences(documented, [{ ...many, files: [...many.files, 'bin/drawbridge.mjs'] }]),
    ).toEqual([
      '`@drawbridge/protocol`, at the top of the tarball: "`dist/`, `CHANGELOG.md`, `README.md`, `package.json`", now "`bin/`, `dist/`, `CHANGELOG.md`, `README.md`, `package.json`"',
    ]);
    expect(packTableDifferences(documented, [many, many])).toEqual([
      'the table has 3 rows, the packages make 4',
    ]);
  });
});
