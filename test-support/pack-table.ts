/**
 * The table of docs/embedding.md (*What the packages hold*) that says what `npm pack` puts in each package's
 * tarball: written by `npm run docs:pack` from `npm pack --dry-run --json`, and held to a real pack by
 * e2e/packed-packages.test.ts, so it cannot fall behind the packages.
 */

/** One package as `npm pack --json` reports it. */
export interface PackListing {
  name: string;
  /** Every path the tarball holds, relative to the package. */
  files: readonly string[];
  /** The tarball's size in bytes. */
  size: number;
  /** What it holds once unpacked, in bytes. */
  unpackedSize: number;
}

/** The markers around the table in docs/embedding.md. */
export const packTableStart = '<!-- pack:start -->';
export const packTableEnd = '<!-- pack:end -->';

/**
 * How far a documented file count or size may be from the tarball's before the table counts as stale: they move
 * with every file added to a package, which should not fail every landing; a table a tenth off is stale.
 */
export const countTolerance = 0.1;

const header = [
  '| package | files | packed | unpacked | at the top of the tarball |',
  '| --- | ---: | ---: | ---: | --- |',
];

/** Bytes as npm prints them: kB of 1000 bytes, whole numbers. */
function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`;
}

/** The top level of a tarball: its folders, then its loose files, in code-point order. */
function topLevel(files: readonly string[]): string {
  const folders = new Set<string>();
  const looseFiles: string[] = [];
  for (const file of files) {
    const slash = file.indexOf('/');
    if (slash === -1) looseFiles.push(file);
    else folders.add(file.slice(0, slash + 1));
  }
  return [...[...folders].sort(), ...looseFiles.sort()].map((entry) => `\`${entry}\``).join(', ');
}

/** The table for these packages, in the order given. */
export function packTable(listings: readonly PackListing[]): string {
  return [
    ...header,
    ...listings.map(
      (listing) =>
        `| \`${listing.name}\` | ${listing.files.length} | ${kilobytes(listing.size)} | ${kilobytes(listing.unpackedSize)} | ${topLevel(listing.files)} |`,
    ),
  ].join('\n');
}

/** The table as it stands between the markers of `markdown`; `undefined` when the markers are missing. */
export function documentedPackTable(markdown: string): string | undefined {
  const start = markdown.indexOf(packTableStart);
  const end = markdown.indexOf(packTableEnd);
  if (start === -1 || end < start) return undefined;
  return markdown.slice(start + packTableStart.length, end).trim();
}

/** `markdown` with the table between its markers replaced by `table`. */
export function withPackTable(markdown: string, table: string): string {
  const start = markdown.indexOf(packTableStart);
  const end = markdown.indexOf(packTableEnd);
  if (start === -1 || end < start) throw new Error(`no ${packTableStart} … ${packTableEnd} in the document`);
  return `${markdown.slice(0, start + packTableStart.length)}\n${table}\n${markdown.slice(end)}`;
}

function cells(row: string): string[] {
  return row
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** A number cell's value: a file count (`243`) or a size (`1,351 kB`, in bytes). */
function numberOf(cell: string): number | undefined {
  const match = /^([\d,]+)( kB)?$/.exec(cell);
  if (match === null) return undefined;
  return Number(match[1]!.replaceAll(',', '')) * (match[2] === undefined ? 1 : 1000);
}

/**
 * Where the documented table differs from the one these packages make: every cell must be the same, except the
 * file counts and sizes, which may be off by `countTolerance`. An empty list: the table is current.
 */
export function packTableDifferences(documented: string, listings: readonly PackListing[]): string[] {
  const expectedRows = packTable(listings).split('\n');
  const documentedRows = documented.split('\n');
  if (documentedRows.length !== expectedRows.length)
    return [`the table has ${documentedRows.length} rows, the packages make ${expectedRows.length}`];
  const columnNames = cells(header[0]!);
  const differences: string[] = [];
  expectedRows.forEach((expectedRow, rowIndex) => {
    const want = cells(expectedRow);
    const have = cells(documentedRows[rowIndex]!);
    want.forEach((wanted, column) => {
      const found = have[column] ?? '';
      const wantedNumber = numberOf(wanted);
      const foundNumber = numberOf(found);
      const close =
        wantedNumber !== undefined &&
        foundNumber !== undefined &&
        Math.abs(foundNumber - wantedNumber) <= countTolerance * wantedNumber;
      if (found !== wanted && !close)
        differences.push(`${want[0]}, ${columnNames[column]}: "${found}", now "${wanted}"`);
    });
  });
  return differences;
}
