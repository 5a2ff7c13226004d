/** A CSV file as rows of cells: the first row is its header. */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** One line's cells: commas separate, double quotes enclose a cell that holds commas (`""` is a quote). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (character === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += character;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Reads CSV text as a header and data rows, skipping blank lines. Enough for the demo to count and chart a
 * table; a quoted cell spanning lines is read line by line.
 */
export function readCsvTable(text: string): CsvTable {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  return { header: first === undefined ? [] : splitCsvLine(first), rows: rest.map(splitCsvLine) };
}

/** The index of the first column after the first whose every cell reads as a number, or -1. */
export function firstNumericColumn(table: CsvTable): number {
  for (let column = 1; column < table.header.length; column += 1) {
    const numeric = table.rows.every(
      (row) => row[column] !== undefined && Number.isFinite(Number(row[column])),
    );
    if (numeric && table.rows.length > 0) return column;
  }
  return -1;
}
