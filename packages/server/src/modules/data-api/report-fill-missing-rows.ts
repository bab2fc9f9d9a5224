import type { LocalRange, OrderDirection } from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import { bucketsBetween, isStandardGranularity, naiveOf } from './report-date-ranges.js';
import { isNamed, type ReportColumn, type ReportRow, type ReportRows, setValue } from './report-result.js';

export interface FillMissingRowsSpec {
  member: string;
  excludedDimensions?: readonly string[] | null | undefined;
}

export interface FillOptions {
  /** The date range the query puts on the member; null: from the first to the last bucket present. */
  range: LocalRange | null;
  /** Measure columns a missing row counts as 0 (counts and sums); the others are null. */
  zeroMeasures: ReadonlySet<string>;
  /** The most rows the result may grow to. */
  maximumRows: number;
}

/** The column of the member to fill: a time dimension of the query with a standard granularity. */
function fillColumnOf(
  columns: readonly ReportColumn[],
  member: string,
): ReportColumn & { granularity: string } {
  const column = columns.find(
    (candidate) =>
      candidate.kind === 'timeDimension' && candidate.granularity !== undefined && isNamed(candidate, member),
  );
  if (!column?.granularity) {
    throw new AppError(
      'BAD_REQUEST',
      `fillMissingRows names ${member}, which is not a time dimension with a granularity in the report's query`,
    );
  }
  if (!isStandardGranularity(column.granularity)) {
    throw new AppError(
      'BAD_REQUEST',
      `fillMissingRows cannot fill the custom granularity ${column.granularity} of ${member}; use second to year`,
    );
  }
  return { ...column, granularity: column.granularity };
}

function bucketsOf(rows: readonly ReportRow[], column: ReportColumn, options: FillOptions): string[] {
  const granularity = column.granularity as Parameters<typeof bucketsBetween>[0];
  let start: Date | null = options.range ? new Date(`${options.range.start}Z`) : null;
  let end: Date | null = options.range ? new Date(`${options.range.end}Z`) : null;
  if (!options.range) {
    const times = rows.flatMap((row) => naiveOf(row[column.name])?.getTime() ?? []);
    if (times.length === 0) return [];
    start = new Date(Math.min(...times));
    end = new Date(Math.max(...times) + 1);
  }
  const buckets = bucketsBetween(granularity, start as Date, end as Date, options.maximumRows);
  if (!buckets) {
    throw new AppError('BAD_REQUEST', `fillMissingRows would add more than ${options.maximumRows} rows`);
  }
  return buckets;
}

/**
 * Every bucket of the range for each combination of the other dimensions present in the data: a missing
 * one gets a row with those dimensions, the bucket, null for the excluded dimensions (they form no
 * combinations) and for other time columns, and 0 or null for the measures. The rows keep their order;
 * filled rows are appended (the caller sorts).
 */
export function fillMissingRows(
  result: ReportRows,
  spec: FillMissingRowsSpec,
  options: FillOptions,
): ReportRows {
  const fillColumn = fillColumnOf(result.columns, spec.member);
  const excluded = spec.excludedDimensions ?? [];
  const isDimension = (column: ReportColumn) =>
    column.kind === 'dimension' || column.kind === 'timeDimension';
  const fillColumns = result.columns.filter(
    (column) => column.memberPath === fillColumn.memberPath && isDimension(column),
  );
  const groupColumns = result.columns.filter(
    (column) =>
      isDimension(column) && !fillColumns.includes(column) && !excluded.some((name) => isNamed(column, name)),
  );
  const buckets = bucketsOf(result.rows, fillColumn, options);
  const present = new Set<string>();
  const groups = new Map<string, unknown[]>();
  for (const row of result.rows) {
    const group = groupColumns.map((column) => row[column.name] ?? null);
    const groupKey = JSON.stringify(group);
    if (!groups.has(groupKey)) groups.set(groupKey, group);
    present.add(JSON.stringify([groupKey, row[fillColumn.name]]));
  }
  // A result with no rows and no other dimensions still covers the range: one row per bucket.
  if (groups.size === 0 && groupColumns.length === 0) groups.set('[]', []);
  const filled: ReportRow[] = [];
  for (const [groupKey, group] of groups) {
    for (const bucket of buckets) {
      if (present.has(JSON.stringify([groupKey, bucket]))) continue;
      if (result.rows.length + filled.length >= options.maximumRows) {
        throw new AppError('BAD_REQUEST', `fillMissingRows would make more than ${options.maximumRows} rows`);
      }
      filled.push(filledRow(result.columns, fillColumn, groupColumns, group, bucket, options.zeroMeasures));
    }
  }
  return { columns: result.columns, rows: [...result.rows, ...filled] };
}

function filledRow(
  columns: readonly ReportColumn[],
  fillColumn: ReportColumn,
  groupColumns: readonly ReportColumn[],
  group: readonly unknown[],
  bucket: string,
  zeroMeasures: ReadonlySet<string>,
): ReportRow {
  const row: ReportRow = {};
  for (const column of columns) {
    const groupIndex = groupColumns.indexOf(column);
    const value =
      column.name === fillColumn.name
        ? bucket
        : groupIndex >= 0
          ? group[groupIndex]
          : column.kind === 'measure' && zeroMeasures.has(column.name)
            ? 0
            : null;
    setValue(row, column, value);
  }
  return row;
}

function compareValues(left: unknown, right: unknown): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const leftText = String(left);
  const rightText = String(right);
  return leftText < rightText ? -1 : leftText > rightText ? 1 : 0;
}

/**
 * Rows in the query's order, as the warehouse sorted the ones it returned: nulls last ascending and first
 * descending (PostgreSQL's and DuckDB's default). An order key names a member; a row reads it under the
 * column's key (a JSON query's `orders.created_at` is a key of the month column).
 */
export function sortRows(
  result: ReportRows,
  order: readonly (readonly [string, OrderDirection])[],
): ReportRows {
  const keys = order.flatMap(([member, direction]) => {
    const column = result.columns.find(
      (candidate) => candidate.keys.includes(member) || candidate.memberPath === member,
    );
    return column ? [{ name: column.name, sign: direction === 'desc' ? -1 : 1 }] : [];
  });
  if (keys.length === 0) return result;
  const rows = [...result.rows].sort((left, right) => {
    for (const { name, sign } of keys) {
      const leftValue = left[name] ?? null;
      const rightValue = right[name] ?? null;
      if (leftValue === rightValue) continue;
      if (leftValue === null) return sign;
      if (rightValue === null) return -sign;
      const compared = compareValues(leftValue, rightValue);
      if (compared !== 0) return compared * sign;
    }
    return 0;
  });
  return { columns: result.columns, rows };
}
