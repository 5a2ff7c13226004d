import type { RenderTableArgs, RenderTableColumn } from '@drawbridge/protocol';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState } from 'react';
import { formatTableCell, nextTableSort, sortTableRows, type TableSort } from './sort-table-rows.ts';
import './agent-table.css';

const rowHeight = 36;
const countFormat = new Intl.NumberFormat();

/** A cell's horizontal padding (14 px each side), beside the text it holds. */
const cellPaddingPx = 28;

/**
 * Relative column widths from the longest text in a sample of rows, so virtualised rows never re-flow,
 * and the width under which the table scrolls sideways instead of cutting every cell to "P…".
 */
function columnWidths(table: RenderTableArgs): { widths: string[]; minimumWidth: string } {
  const sample = table.rows.slice(0, 200);
  const lengths = table.columns.map((column) => {
    const longest = Math.max(
      column.label.length + 3,
      ...sample.map(
        (row) =>
          formatTableCell(Object.hasOwn(row, column.key) ? row[column.key] : undefined, column.type).length,
      ),
    );
    return Math.min(Math.max(longest, 6), 48);
  });
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return {
    widths: lengths.map((length) => `${((length / total) * 100).toFixed(2)}%`),
    minimumWidth: `calc(${total}ch + ${lengths.length * cellPaddingPx}px)`,
  };
}

/** A table the agent sent: sortable headers, sticky header, and only the visible rows in the DOM. */
export function AgentTable({ table }: { table: RenderTableArgs }) {
  const captionId = useId();
  const [sort, setSort] = useState<TableSort | undefined>();
  const scrollElement = useRef<HTMLDivElement>(null);
  const { widths, minimumWidth } = useMemo(() => columnWidths(table), [table]);
  const rows = useMemo(() => {
    const column = sort && table.columns.find((candidate) => candidate.key === sort.key);
    return column && sort ? sortTableRows(table.rows, column, sort.direction) : table.rows;
  }, [table, sort]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    initialRect: { width: 720, height: 420 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const sortedColumn = sort && table.columns.find((column) => column.key === sort.key);

  return (
    <section className="agent-table" aria-labelledby={captionId}>
      <header className="agent-table__header">
        <h2 className="agent-table__title" id={captionId}>
          {table.title ?? 'Table'}
        </h2>
        <span className="agent-table__count">
          {countFormat.format(table.rows.length)} {table.rows.length === 1 ? 'row' : 'rows'}
          {sortedColumn && sort ? ` · sorted by ${sortedColumn.label}, ${sort.direction}` : ''}
        </span>
      </header>
      <div
        className="agent-table__scroll"
        ref={scrollElement}
        // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
      >
        <table
          className="agent-table__table"
          style={{ minWidth: minimumWidth }}
          aria-rowcount={rows.length + 1}
        >
          <caption className="visually-hidden">
            {table.title ?? 'Table'}, {table.rows.length} rows. Column headers sort the rows.
          </caption>
          <colgroup>
            {widths.map((width, index) => (
              <col key={table.columns[index]?.key} style={{ width }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {table.columns.map((column) => (
                <HeaderCell
                  key={column.key}
                  column={column}
                  sort={sort}
                  onSort={() => setSort(nextTableSort(sort, column.key))}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr className="agent-table__spacer">
                <td colSpan={table.columns.length} style={{ height: paddingTop }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <tr
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  data-odd={item.index % 2 === 1 ? 'true' : undefined}
                >
                  {table.columns.map((column) => (
                    <td key={column.key} data-type={column.type}>
                      {formatTableCell(
                        Object.hasOwn(row, column.key) ? row[column.key] : undefined,
                        column.type,
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr className="agent-table__spacer">
                <td colSpan={table.columns.length} style={{ height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </table>
        {table.rows.length === 0 && <p className="agent-table__empty">No rows.</p>}
      </div>
    </section>
  );
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: RenderTableColumn;
  sort: TableSort | undefined;
  onSort(): void;
}) {
  const direction = sort?.key === column.key ? sort.direction : undefined;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} data-type={column.type}>
      <button type="button" className="agent-table__sort" onClick={onSort}>
        <span>{column.label}</span>
        <span className="agent-table__arrow" aria-hidden="true" data-direction={direction}>
          {direction === 'descending' ? '↓' : '↑'}
        </span>
      </button>
    </th>
  );
}
