import type { QueryColumn, QueryColumnKind, SqlOutputColumn } from '@platform/semantic';
import type { ColumnType, WarehouseColumn } from '../../platform/warehouse/warehouse.js';
import { columnPositions, rowsToData, rowValues } from './query-result.mapper.js';

export type ReportRow = Record<string, unknown>;

/** One column of a report's result and what the run needs to know of it. */
export interface ReportColumn {
  /** Its name in `schema`: the member name for a JSON query, the output name for SQL. */
  name: string;
  /** Every key its value fills in a row: a JSON query's time dimension also fills `orders.created_at`. */
  keys: readonly string[];
  /** The member read; empty for the columns a comparison adds. */
  memberPath: string;
  kind: QueryColumnKind | 'comparison';
  /** The granularity of a time dimension's column, when it has one. */
  granularity?: string;
  columnType: ColumnType;
}

export interface ReportRows {
  columns: ReportColumn[];
  rows: ReportRow[];
}

function granularityOf(column: QueryColumn, name: string): string | undefined {
  if (column.kind !== 'timeDimension') return undefined;
  const parts = name.split('.');
  return parts.length === 3 ? parts[2] : undefined;
}

/** The warehouse's type when it knows one (an expression may come back untyped), else the member's. */
function columnTypeOf(column: QueryColumn, resultColumns: readonly WarehouseColumn[]): ColumnType {
  const type = resultColumns.find((resultColumn) => resultColumn.name === column.alias)?.type;
  return type !== undefined && type !== 'unknown' ? type : column.type;
}

/** A JSON query's rows exactly as `load` gives them, with one schema column per query column. */
export function jsonQueryRows(
  queryColumns: readonly QueryColumn[],
  resultColumns: readonly WarehouseColumn[],
  rows: readonly unknown[][],
): ReportRows {
  const columns = queryColumns.map((column): ReportColumn => {
    const name = column.keys[0] ?? column.memberPath;
    const granularity = granularityOf(column, name);
    return {
      name,
      keys: column.keys,
      memberPath: column.memberPath,
      kind: column.kind,
      ...(granularity === undefined ? {} : { granularity }),
      columnType: columnTypeOf(column, resultColumns),
    };
  });
  return { columns, rows: rowsToData(queryColumns, resultColumns, rows) };
}

/**
 * A SQL query's rows keyed by its output names. A column's first key is its own; later keys alias it (a
 * month-truncated `created_at` also fills `orders.created_at`), so a plain `created_at` selected beside it
 * must not read the truncated one (as the SQL interface decides).
 */
export function sqlQueryRows(
  outputs: readonly SqlOutputColumn[],
  queryColumns: readonly QueryColumn[],
  resultColumns: readonly WarehouseColumn[],
  rows: readonly unknown[][],
): ReportRows {
  const outputColumns = outputs.map((output) => {
    const column =
      queryColumns.find((candidate) => candidate.keys[0] === output.key) ??
      queryColumns.find((candidate) => candidate.keys.includes(output.key));
    if (!column) throw new Error(`the compiled query has no column for ${output.key}`);
    return column;
  });
  const positions = columnPositions(outputColumns, resultColumns);
  const columns = outputs.map((output, index): ReportColumn => {
    const column = outputColumns[index] as QueryColumn;
    const granularity = granularityOf(column, output.key);
    return {
      name: output.name,
      keys: [output.name],
      memberPath: column.memberPath,
      kind: column.kind,
      ...(granularity === undefined ? {} : { granularity }),
      columnType: columnTypeOf(column, resultColumns),
    };
  });
  const data = rows.map((row) => {
    const values = rowValues(positions, row);
    const record: ReportRow = {};
    columns.forEach((column, index) => {
      record[column.name] = values[index] ?? null;
    });
    return record;
  });
  return { columns, rows: data };
}

/** Writes a value under every key of the column. */
export function setValue(row: ReportRow, column: ReportColumn, value: unknown): void {
  for (const key of column.keys) row[key] = value;
}

/** A number from a warehouse value (a wide decimal may come back as text); null when it is none. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** Whether a column is the one a report option names: by member (`orders.created_at`) or by column name. */
export function isNamed(column: ReportColumn, name: string): boolean {
  return column.memberPath === name || column.name === name;
}
