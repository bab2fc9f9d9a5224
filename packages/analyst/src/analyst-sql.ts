/** Postgres keywords that cannot stand unquoted as a column or table name (reserved and column-name ones). */
const keywords = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization between bigint binary bit boolean both ' +
    'case cast char character check coalesce collate collation column concurrently constraint create cross ' +
    'current_catalog current_date current_role current_schema current_time current_timestamp current_user dec ' +
    'decimal default deferrable desc distinct do else end except exists extract false fetch float for ' +
    'foreign freeze from full grant greatest group grouping having ilike in initially inner inout int integer ' +
    'intersect interval into is isnull join lateral leading least left like limit localtime localtimestamp ' +
    'national natural nchar none normalize not notnull null nullif numeric offset on only or order out outer ' +
    'overlaps overlay placing position precision primary real references returning right row select ' +
    'session_user setof similar smallint some substring symmetric system_user table tablesample then time ' +
    'timestamp to trailing treat trim true union unique user using values varchar variadic verbose when ' +
    'where window with xmlattributes xmlconcat xmlelement xmlexists xmlforest xmlnamespaces xmlparse xmlpi ' +
    'xmlroot xmlserialize xmltable'
  ).split(' '),
);

/** A name as SQL over the model writes it: bare when Postgres would read it back unchanged, else quoted. */
export function sqlIdentifier(name: string): string {
  if (/^[a-z_][a-z0-9_]*$/.test(name) && !keywords.has(name)) return name;
  return `"${name.replace(/"/g, '""')}"`;
}

export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export interface SelectColumn {
  /** The expression, e.g. `industry`, `DATE_TRUNC('month', created_at)` or `MEASURE(amount)`. */
  readonly expression: string;
  /** Written as `AS alias` when given. */
  readonly alias?: string;
  readonly isGrouped: boolean;
}

export interface SqlQueryParts {
  readonly source: string;
  /** Cubes joined to the source with CROSS JOIN (the model's joins apply); columns are then qualified. */
  readonly joined?: readonly string[];
  readonly columns: readonly SelectColumn[];
  readonly conditions: readonly string[];
  /** 1-based positions in the select list. */
  readonly order: readonly { readonly position: number; readonly direction: 'ASC' | 'DESC' }[];
  readonly limit?: number;
}

/** The SELECT text, one clause per line, grouped and ordered by position so aliases never matter. */
export function writeSql(parts: SqlQueryParts): string {
  const select = parts.columns
    .map((column) =>
      column.alias === undefined
        ? column.expression
        : `${column.expression} AS ${sqlIdentifier(column.alias)}`,
    )
    .join(', ');
  const from = [parts.source, ...(parts.joined ?? [])].map(sqlIdentifier).join(' CROSS JOIN ');
  const lines = [`SELECT ${select}`, `FROM ${from}`];
  if (parts.conditions.length > 0) lines.push(`WHERE ${parts.conditions.join('\n  AND ')}`);
  const grouped = parts.columns.flatMap((column, index) => (column.isGrouped ? [String(index + 1)] : []));
  if (grouped.length > 0) lines.push(`GROUP BY ${grouped.join(', ')}`);
  if (parts.order.length > 0) {
    lines.push(`ORDER BY ${parts.order.map((entry) => `${entry.position} ${entry.direction}`).join(', ')}`);
  }
  if (parts.limit !== undefined) lines.push(`LIMIT ${parts.limit}`);
  return lines.join('\n');
}
