import { formatValue } from './format-value.js';

export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Aligned columns separated by two spaces; the last column is not padded, so long text does not add trailing blanks. */
export function formatTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) =>
    columns.map((column) => formatValue(column.value(row)).replace(/\s*\n\s*/g, ' ')),
  );
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((row) => row[index]?.length ?? 0)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => (index === values.length - 1 ? value : value.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.header)), ...cells.map(line)].join('\n');
}
