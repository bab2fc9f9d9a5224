import {
  buildQuerySql,
  createMetadataSearchIndex,
  duckDbDialect,
  resolveAccess,
  translateSql,
} from '@platform/semantic';
import type {
  AgentDataAccess,
  PlatformMetaResult,
  SqlRunResult,
} from '../../src/modules/data-api/agent-data-access.js';
import { appErrorOfQuery } from '../../src/modules/data-api/query-errors.js';
import { columnPositions, rowValues } from '../../src/modules/data-api/query-result.mapper.js';
import type { AnalystWorld } from '../builtin-analyst/analyst-harness.js';

/** Distinct values read per dimension, as the server's lookup does. */
const lookupLimit = 1000;

/** Runs SQL over the model as the server's SQL runner does: translate, compile in the zone, query. */
async function runWorldSql(world: AnalystWorld, sql: string, maxRows: number): Promise<SqlRunResult> {
  const translation = translateSql(world.model, sql);
  const compiled = buildQuerySql(
    world.model,
    { ...translation.query, timezone: world.timezone },
    { dialect: duckDbDialect, now: world.now },
  );
  const answer = await world.warehouse.query(compiled.sql, compiled.params, {
    maximumRows: maxRows,
  });
  const outputColumns = translation.columns.map((output) => {
    const column = compiled.columns.find((candidate) => candidate.keys.includes(output.key));
    if (!column) throw new Error(`no column for ${output.key}`);
    return column;
  });
  const positions = columnPositions(outputColumns, answer.columns);
  return {
    schema: translation.columns.map((output, position) => ({
      name: output.name,
      column_type: positions[position]?.column.type ?? 'unknown',
    })),
    rows: answer.rows.map((row) => rowValues(positions, row)),
    totalRows: answer.totalRows,
  };
}

/**
 * The chat tools' data access over an analyst test world: the same semantic layer and DuckDB the
 * server uses, with the metadata shaped as SPEC.md's `platformMeta` result (members carry no `kind`).
 */
export function worldDataAccess(world: AnalystWorld): AgentDataAccess {
  const index = createMetadataSearchIndex(world.model);
  const scope = resolveAccess(world.model, { groups: [], securityContext: {}, userAttributes: {} });
  return {
    timezone: world.timezone,
    async searchMetadata(searchQuery) {
      const result = index.search(searchQuery, { scope });
      const cubes: PlatformMetaResult['cubes'] = result.cubes.map((source) => ({
        name: source.name,
        type: source.type,
        title: source.title,
        ...(source.description === undefined ? {} : { description: source.description }),
        ...(source.synonyms === undefined ? {} : { synonyms: [...source.synonyms] }),
        ...(source.joins === undefined ? {} : { joins: [...source.joins] }),
        members: source.members.map(({ kind: _kind, synonyms, ...member }) => ({
          ...member,
          ...(synonyms === undefined ? {} : { synonyms: [...synonyms] }),
        })),
      }));
      return { cubes, searchQuery: result.searchQuery };
    },
    async runSql(sql, options) {
      try {
        return await runWorldSql(world, sql, options.maxRows);
      } catch (error) {
        // why: the server's SQL runner turns a query the model refuses into an AppError with its reason;
        // without it the tool reads "failed unexpectedly" and the analyst cannot say why.
        throw appErrorOfQuery(error);
      }
    },
    async lookupValues(memberPath) {
      const compiled = buildQuerySql(
        world.model,
        { dimensions: [memberPath], limit: lookupLimit, timezone: world.timezone },
        { dialect: duckDbDialect, now: world.now },
      );
      const result = await world.warehouse.query(compiled.sql, compiled.params);
      return result.rows.flatMap((row) => (typeof row[0] === 'string' ? [row[0]] : []));
    },
  };
}
