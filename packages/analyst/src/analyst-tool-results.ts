import type { AnalystMetadata, AnalystMetadataMember, AnalystMetadataSource } from './analyst-plan.types.js';
import type { AnalystQueryResult } from './write-analyst-answer.js';

/** The tools the built-in analyst calls, by the names the agent's tool set gives them. */
export const metadataToolName = 'platformMeta';
export const sqlToolName = 'platformSqlApi';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : undefined;
}

const memberKinds = new Set(['measure', 'dimension', 'segment']);

/**
 * A member of a `platformMeta` result. SPEC's member has no `kind`: a member with an `aggType` is a
 * measure and any other a dimension (a segment then reads as a boolean dimension, which filters alike).
 */
function memberOf(value: unknown): AnalystMetadataMember | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.type !== 'string') return undefined;
  const aggType = optionalString(value.aggType);
  const kind =
    typeof value.kind === 'string' && memberKinds.has(value.kind)
      ? (value.kind as AnalystMetadataMember['kind'])
      : aggType === undefined
        ? 'dimension'
        : 'measure';
  const description = optionalString(value.description);
  const synonyms = stringList(value.synonyms);
  return {
    name: value.name,
    title: optionalString(value.title) ?? value.name,
    kind,
    type: value.type,
    ...(aggType === undefined ? {} : { aggType }),
    ...(description === undefined ? {} : { description }),
    ...(synonyms === undefined ? {} : { synonyms }),
  };
}

function sourceOf(value: unknown): AnalystMetadataSource | undefined {
  if (!isRecord(value) || typeof value.name !== 'string' || !Array.isArray(value.members)) return undefined;
  const description = optionalString(value.description);
  const synonyms = stringList(value.synonyms);
  const joins = stringList(value.joins);
  return {
    name: value.name,
    type: value.type === 'view' ? 'view' : 'cube',
    ...(joins === undefined ? {} : { joins }),
    title: optionalString(value.title) ?? value.name,
    members: value.members.flatMap((member) => memberOf(member) ?? []),
    ...(description === undefined ? {} : { description }),
    ...(synonyms === undefined ? {} : { synonyms }),
  };
}

/** The metadata a `platformMeta` result carries (`{cubes, searchQuery}`), or undefined when it has none. */
export function readMetadataResult(output: unknown): AnalystMetadata | undefined {
  if (!isRecord(output) || !Array.isArray(output.cubes)) return undefined;
  return { cubes: output.cubes.flatMap((cube) => sourceOf(cube) ?? []) };
}

/** The rows of a `platformSqlApi` result (`{schema, data, totalRows, …}`), or undefined when it has none. */
export function readSqlResult(output: unknown): AnalystQueryResult | undefined {
  if (!isRecord(output) || !Array.isArray(output.schema)) return undefined;
  const rows = Array.isArray(output.data)
    ? output.data
    : Array.isArray(output.rows)
      ? output.rows
      : undefined;
  if (rows === undefined || !rows.every(Array.isArray)) return undefined;
  const schema = output.schema.flatMap((column) =>
    isRecord(column) && typeof column.name === 'string'
      ? [{ name: column.name, column_type: optionalString(column.column_type) ?? 'unknown' }]
      : [],
  );
  const totalRows = typeof output.totalRows === 'number' ? output.totalRows : rows.length;
  return { schema, data: rows as unknown[][], totalRows };
}

/** The fields of a `platformSqlApi` call the answer may fall back on. */
export function readSqlInput(input: unknown): { sqlQuery: string; queryTitle: string; description: string } {
  const record = isRecord(input) ? input : {};
  return {
    sqlQuery: optionalString(record.sqlQuery) ?? '',
    queryTitle: optionalString(record.queryTitle) ?? 'The query',
    description: optionalString(record.description) ?? '',
  };
}
