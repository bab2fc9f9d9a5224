import type { SqlRunResult } from '../../data-api/agent-data-access.js';

export const vegaLiteSchemaUrl = 'https://vega.github.io/schema/vega-lite/v5.json';
/** The named data source a client fills with the tool result's rows. */
export const vegaDataName = 'table';

type Column = SqlRunResult['schema'][number];

/**
 * A Vega-Lite v5 spec for a query result, or null when no chart says more than the numbers: a time column
 * with one number is a line over time (a string column beside them splits it into one line per value),
 * one string column with one number is a bar chart sorted by the value. A single row is never charted.
 *
 * The spec holds no data (SPEC.md: the data comes from `result.data`). It names its source
 * `data: {name: "table"}` so a client binds the rows with `view.data('table', rows)`, each row turned
 * into an object keyed by the schema's column names; a named source is what Vega-Lite expects for data
 * supplied at runtime, where a spec without any `data` could not be told apart from a broken one.
 */
export function buildVegaSpec(
  schema: SqlRunResult['schema'],
  rowCount: number,
  title?: string,
): Record<string, unknown> | null {
  if (rowCount < 2) return null;
  const times = schema.filter((column) => column.column_type === 'time');
  const numbers = schema.filter((column) => column.column_type === 'number');
  const strings = schema.filter((column) => column.column_type === 'string');
  if (numbers.length !== 1 || times.length + numbers.length + strings.length !== schema.length) return null;
  const [value] = numbers as [Column];
  const base = {
    $schema: vegaLiteSchemaUrl,
    ...(title ? { title } : {}),
    data: { name: vegaDataName },
  };
  if (times.length === 1 && strings.length <= 1) {
    const [time] = times as [Column];
    const [series] = strings;
    return {
      ...base,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: fieldOf(time), type: 'temporal', title: time.name },
        y: { field: fieldOf(value), type: 'quantitative', title: value.name },
        ...(series ? { color: { field: fieldOf(series), type: 'nominal', title: series.name } } : {}),
      },
    };
  }
  if (times.length === 0 && strings.length === 1) {
    const [category] = strings as [Column];
    return {
      ...base,
      mark: 'bar',
      encoding: {
        x: { field: fieldOf(category), type: 'nominal', sort: '-y', title: category.name },
        y: { field: fieldOf(value), type: 'quantitative', title: value.name },
      },
    };
  }
  return null;
}

/** Vega-Lite reads `.` and brackets in a field name as nested access; a column name means itself. */
function fieldOf(column: Column): string {
  return column.name.replace(/[.[\]\\]/g, (character) => `\\${character}`);
}
