import { z } from 'zod';

const columnTypes = ['string', 'number', 'date', 'boolean'] as const;

const columnSchema = z.strictObject({
  key: z.string().min(1).max(64),
  label: z.string().trim().min(1).max(120),
  type: z.enum(columnTypes),
});

const cellSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** Whether a cell fits its column's type; null is an empty cell in any column. */
function cellMatches(value: unknown, type: (typeof columnTypes)[number]): boolean {
  if (value === null || value === undefined) return true;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'date') return typeof value === 'string' && !Number.isNaN(Date.parse(value));
  return typeof value === 'string' || typeof value === 'number';
}

/** Arguments of `render_table`. */
export const renderTableArgsSchema = z
  .strictObject({
    title: z.string().trim().max(200).optional(),
    columns: z.array(columnSchema).min(1).max(50),
    rows: z.array(z.record(z.string(), cellSchema)).max(10_000),
  })
  .superRefine((table, context) => {
    const keys = new Set<string>();
    table.columns.forEach((column, index) => {
      if (keys.has(column.key)) {
        context.addIssue({
          code: 'custom',
          message: `the column key "${column.key}" is used twice`,
          path: ['columns', index],
        });
      }
      keys.add(column.key);
    });
    for (const [rowIndex, row] of table.rows.entries()) {
      for (const key of Object.keys(row)) {
        if (!keys.has(key)) {
          context.addIssue({
            code: 'custom',
            message: `"${key}" is not a column`,
            path: ['rows', rowIndex, key],
          });
          return;
        }
      }
      for (const column of table.columns) {
        if (!cellMatches(row[column.key], column.type)) {
          context.addIssue({
            code: 'custom',
            message: `expected a ${column.type} in column "${column.key}"`,
            path: ['rows', rowIndex, column.key],
          });
          return;
        }
      }
    }
  });

export type RenderTableArgs = z.infer<typeof renderTableArgsSchema>;
export type RenderTableColumn = RenderTableArgs['columns'][number];
