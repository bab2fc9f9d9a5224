import type { ReportPreferences } from '@platform/contract';
import { useMemo } from 'react';
import type * as z from 'zod';
import { cellFormattersOf, numberOf } from './column-format.js';
import type { WidgetRunResult } from './dashboard-model.js';
import { useDisplayFormat } from './display-format.js';

/** Rows past this are left out of the page (the CSV download has them all). */
const maximumShownRows = 500;

export function ResultTable({
  result,
  preferences,
  label,
}: {
  result: WidgetRunResult;
  preferences: z.output<typeof ReportPreferences> | null | undefined;
  label: string;
}) {
  const display = useDisplayFormat();
  const formatters = useMemo(
    () => cellFormattersOf(result.schema, preferences, display),
    [result, preferences, display],
  );
  const shown = result.data.slice(0, maximumShownRows);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard.
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      <table className="result-table">
        <thead>
          <tr>
            {result.schema.map((column) => (
              <th
                key={column.name}
                scope="col"
                className={column.column_type === 'number' ? 'number' : undefined}
              >
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own.
            <tr key={index}>
              {result.schema.map((column) => (
                <td key={column.name} className={column.column_type === 'number' ? 'number' : undefined}>
                  {formatters[column.name]?.(row[column.name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {result.data.length > shown.length ? (
        <p className="muted">
          The first {shown.length} of {result.totalRows} rows.
        </p>
      ) : null}
    </section>
  );
}

/** A KPI: the first row's first measure (the report's first measure, else its first number column). */
export function KpiValue({
  result,
  preferences,
  measure,
  label,
}: {
  result: WidgetRunResult;
  preferences: z.output<typeof ReportPreferences> | null | undefined;
  measure: string | null;
  label: string;
}) {
  const display = useDisplayFormat();
  const column =
    result.schema.find((candidate) => candidate.name === measure) ??
    result.schema.find((candidate) => candidate.column_type === 'number') ??
    result.schema[0];
  const row = result.data[0];
  if (!column || !row) return <p className="muted">No value</p>;
  const formatted = cellFormattersOf([column], preferences, display)[column.name]?.(row[column.name]) ?? '';
  return (
    <p className="kpi" title={label} data-value={numberOf(row[column.name]) ?? ''}>
      {formatted}
    </p>
  );
}
