import { AppError } from '../../errors/app-error.js';
import { type CalendarOffset, shiftedBucket } from './report-date-ranges.js';
import {
  isNamed,
  numberOf,
  type ReportColumn,
  type ReportRow,
  type ReportRows,
  setValue,
} from './report-result.js';

export type ComparisonOutput = 'previous' | 'change' | 'percentChange';

/** The columns a comparison adds, in the order `outputs` names them. */
export const comparisonOutputs: readonly ComparisonOutput[] = ['previous', 'change', 'percentChange'];

export interface PeriodComparisonSpec {
  measure: string;
  timeDimension: string;
  offset: CalendarOffset;
  /**
   * The names of the added columns, in the order previous value, change, percent change (fewer names:
   * fewer columns); null or absent: all three, named `<measure column>.previous|change|percentChange`.
   */
  outputs?: readonly string[] | null | undefined;
}

/** The measure's column of the result; a 400 when the query does not select that measure. */
export function measureColumnOf(
  columns: readonly ReportColumn[],
  comparison: PeriodComparisonSpec,
): ReportColumn {
  const column = columns.find(
    (candidate) => candidate.kind === 'measure' && isNamed(candidate, comparison.measure),
  );
  if (!column) {
    throw new AppError(
      'BAD_REQUEST',
      `the period comparison names the measure ${comparison.measure}, which the report's query does not select`,
    );
  }
  return column;
}

/**
 * The key a row is matched on: the values of every dimension, with the compared time dimension's bucket
 * moved back by the offset for a current row (the previous period's rows are keyed as they are).
 */
function matchKey(
  row: ReportRow,
  dimensions: readonly ReportColumn[],
  shift: CalendarOffset | null,
  member: string,
) {
  return JSON.stringify(
    dimensions.map((column) => {
      const value = row[column.name];
      return shift !== null && column.kind === 'timeDimension' && column.memberPath === member
        ? shiftedBucket(value, shift, column.granularity)
        : value;
    }),
  );
}

/**
 * A new column's name: the one `outputs` gives, or `<measure column>.<output>`; the offset is appended
 * when the name is taken (a second comparison of the same measure).
 */
function outputName(
  taken: ReadonlySet<string>,
  measure: ReportColumn,
  output: ComparisonOutput,
  given: string | undefined,
  offset: CalendarOffset,
) {
  const name = given ?? `${measure.name}.${output}`;
  return taken.has(name) ? `${name}_${offset.amount}_${offset.unit}` : name;
}

/**
 * Adds the comparison's columns to every row: the measure's value in the row of the previous period with
 * the same dimensions (and the bucket shifted by the offset), the change, and the change relative to the
 * previous value. With no matching row the previous value is null, and so are change and percentChange;
 * percentChange is null when the previous value is 0.
 */
export function addPeriodComparison(
  current: ReportRows,
  previousRows: readonly ReportRow[],
  comparison: PeriodComparisonSpec,
): ReportRows {
  const measure = measureColumnOf(current.columns, comparison);
  const dimensions = current.columns.filter(
    (column) => column.kind === 'dimension' || column.kind === 'timeDimension',
  );
  const previousByKey = new Map<string, ReportRow>();
  for (const row of previousRows) {
    const key = matchKey(row, dimensions, null, comparison.timeDimension);
    if (!previousByKey.has(key)) previousByKey.set(key, row);
  }
  const taken = new Set(current.columns.map((column) => column.name));
  const names = comparison.outputs && comparison.outputs.length > 0 ? comparison.outputs : null;
  const outputs = names ? comparisonOutputs.slice(0, names.length) : comparisonOutputs;
  const added = outputs.map((output, index): [ComparisonOutput, ReportColumn] => {
    const name = outputName(taken, measure, output, names?.[index], comparison.offset);
    taken.add(name);
    const columnType = output === 'previous' ? measure.columnType : 'number';
    return [output, { name, keys: [name], memberPath: '', kind: 'comparison', columnType }];
  });
  const rows = current.rows.map((row) => {
    const previousRow = previousByKey.get(
      matchKey(row, dimensions, comparison.offset, comparison.timeDimension),
    );
    const previousValue = previousRow?.[measure.name] ?? null;
    const previous = numberOf(previousValue);
    const value = numberOf(row[measure.name]);
    const change = previous !== null && value !== null ? value - previous : null;
    const values: Record<ComparisonOutput, unknown> = {
      previous: previousValue,
      change,
      percentChange: change !== null && previous !== null && previous !== 0 ? change / previous : null,
    };
    const extended = { ...row };
    for (const [output, column] of added) setValue(extended, column, values[output]);
    return extended;
  });
  return { columns: [...current.columns, ...added.map(([, column]) => column)], rows };
}
