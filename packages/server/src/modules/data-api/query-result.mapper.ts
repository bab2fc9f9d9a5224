import type { QueryColumn } from '@platform/semantic';
import type { WarehouseColumn } from '../../platform/warehouse/warehouse.js';

const utcTimestamp = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/;
const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Time members are computed in the query's time zone as timestamps without a zone; the drivers print
 * them in UTC form, so the `Z` would claim an offset they do not have. They read as local ISO times.
 */
function formatValue(column: QueryColumn, value: unknown): unknown {
  if (column.type !== 'time' || typeof value !== 'string') return value ?? null;
  const timestamp = utcTimestamp.exec(value);
  if (timestamp) return timestamp[1]?.includes('.') ? timestamp[1] : `${timestamp[1]}.000`;
  return plainDate.test(value) ? `${value}T00:00:00.000` : value;
}

/** For each query column, where its values sit in the warehouse's result. */
export function columnPositions(
  queryColumns: readonly QueryColumn[],
  resultColumns: readonly WarehouseColumn[],
): Array<{ column: QueryColumn; index: number }> {
  return queryColumns.map((column) => {
    const index = resultColumns.findIndex((resultColumn) => resultColumn.name === column.alias);
    if (index < 0) throw new Error(`the warehouse answered without the column ${column.alias}`);
    return { column, index };
  });
}

/** Rows as `{"cube.member": value}`; a column fills each of its keys (`orders.created_at.month` and `orders.created_at`). */
export function rowsToData(
  queryColumns: readonly QueryColumn[],
  resultColumns: readonly WarehouseColumn[],
  rows: readonly unknown[][],
): Record<string, unknown>[] {
  const positions = columnPositions(queryColumns, resultColumns);
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const { column, index } of positions) {
      const value = formatValue(column, row[index]);
      for (const key of column.keys) record[key] = value;
    }
    return record;
  });
}

/** One row in the order of `positions`, for the SQL interface's `data` lines. */
export function rowValues(
  positions: ReadonlyArray<{ column: QueryColumn; index: number }>,
  row: readonly unknown[],
): unknown[] {
  return positions.map(({ column, index }) => formatValue(column, row[index]));
}
