import { formatTable } from '../output/table.js';

/** Long tool inputs (a SQL query, a chart spec) are cut so a call stays one readable line. */
const maximumInputLength = 400;

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `→ platformMeta {"searchQuery":"revenue"}`: the call as the model made it, without the chart spec. */
export function formatToolCall(name: string, input: string): string {
  const parsed = parseJson(input);
  const shown = isRecord(parsed)
    ? JSON.stringify(Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== 'vegaSpec')))
    : input;
  const cut = shown.length > maximumInputLength ? `${shown.slice(0, maximumInputLength)}…` : shown;
  return `→ ${name} ${cut}`;
}

function formatMetaResult(result: Record<string, unknown>): string {
  const cubes = Array.isArray(result.cubes) ? result.cubes : [];
  const names = cubes
    .map((cube) => (isRecord(cube) && typeof cube.name === 'string' ? cube.name : null))
    .filter((name): name is string => name !== null);
  return names.length === 0 ? '✓ platformMeta: nothing found' : `✓ platformMeta: ${names.join(', ')}`;
}

/** The rows the tool returned, under the column names of its `schema`, and how many there are in all. */
export function formatSqlResult(result: Record<string, unknown>): string {
  const schema = Array.isArray(result.schema) ? result.schema : [];
  const names = schema.map((column, index) =>
    isRecord(column) && typeof column.name === 'string' ? column.name : `column ${index + 1}`,
  );
  const rows = (Array.isArray(result.data) ? result.data : []).filter((row): row is unknown[] =>
    Array.isArray(row),
  );
  const title = typeof result.queryTitle === 'string' && result.queryTitle !== '' ? result.queryTitle : null;
  const totalRows = typeof result.totalRows === 'number' ? result.totalRows : rows.length;
  const lines = [`✓ platformSqlApi${title ? `: ${title}` : ''}`];
  if (names.length > 0 && rows.length > 0) {
    lines.push(
      formatTable(
        names.map((header, index) => ({ header, value: (row: unknown[]) => row[index] })),
        rows,
      ),
    );
  }
  lines.push(
    rows.length === totalRows
      ? `(${totalRows} ${totalRows === 1 ? 'row' : 'rows'})`
      : `(showing ${rows.length} of ${totalRows} rows)`,
  );
  return lines.join('\n');
}

/** The completion of a tool call: its error, or what it found, in a few lines. */
export function formatToolResult(name: string, resultText: string): string {
  const result = parseJson(resultText);
  if (isRecord(result) && result.error !== undefined && result.error !== null) {
    return `✗ ${name} failed: ${typeof result.error === 'string' ? result.error : JSON.stringify(result.error)}`;
  }
  if (!isRecord(result)) return `✓ ${name}`;
  if (name === 'platformMeta') return formatMetaResult(result);
  if (name === 'platformSqlApi') return formatSqlResult(result);
  return `✓ ${name}`;
}
