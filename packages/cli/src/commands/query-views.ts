import type { LoadResult, ModelSqlLine, OperationResult, Operations } from '@platform/contract';
import { formatTable } from '../output/table.js';

type Metadata = OperationResult<Operations['getModelMetadata']>;

/**
 * The columns of a load answer. A time dimension with a granularity fills two keys with one value
 * (`orders.created_at.month` and `orders.created_at`): only the first is shown.
 */
function columnsOfRows(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return keys.filter((key) => !keys.some((other) => other.startsWith(`${key}.`)));
}

export function formatLoadResult(result: LoadResult): string {
  if (result.data.length === 0) return '(no rows)';
  const columns = columnsOfRows(result.data);
  return formatTable(
    columns.map((key) => ({ header: key, value: (row: Record<string, unknown>) => row[key] })),
    result.data,
  );
}

/** The SQL interface's answer as a table: the schema line names the columns, data lines hold the rows. */
export function formatSqlLines(lines: readonly ModelSqlLine[]): string {
  const schema = lines.find((line) => 'schema' in line);
  const names = schema && 'schema' in schema ? schema.schema.map((column) => column.name) : [];
  const rows = lines.flatMap((line) => ('data' in line ? line.data : []));
  if (names.length === 0 || rows.length === 0) return '(no rows)';
  return formatTable(
    names.map((name, index) => ({ header: name, value: (row: unknown[]) => row[index] })),
    rows,
  );
}

interface MemberRow {
  member: string;
  kind: string;
  type: string;
  title: string;
}

export function formatMetadata(metadata: Metadata): string {
  if (metadata.cubes.length === 0) return 'no cubes or views visible';
  return metadata.cubes
    .map((source) => {
      const rows: MemberRow[] = [
        ...source.dimensions.map((member) => ({ ...member, kind: 'dimension' })),
        ...source.measures.map((member) => ({ ...member, kind: 'measure', type: member.aggType })),
        ...source.segments.map((member) => ({ ...member, kind: 'segment', type: '-' })),
      ].map((member) => ({ member: member.name, kind: member.kind, type: member.type, title: member.title }));
      const members = formatTable(
        [
          { header: 'MEMBER', value: (row: MemberRow) => row.member },
          { header: 'KIND', value: (row: MemberRow) => row.kind },
          { header: 'TYPE', value: (row: MemberRow) => row.type },
          { header: 'TITLE', value: (row: MemberRow) => row.title },
        ],
        rows,
      );
      return `${source.type} ${source.name} (${source.title})\n${members}`;
    })
    .join('\n\n');
}
