import {
  type AnalystPlan,
  type AnalystQueryPlan,
  type AnalystQueryResult,
  chooseSearchQuery,
  planInThread,
  writeAnalystAnswer,
} from '@platform/analyst';
import {
  buildQuerySql,
  type CompiledModel,
  createMetadataSearchIndex,
  duckDbDialect,
  type MetadataSearchIndex,
  type MetadataSearchResult,
  resolveAccess,
  type SqlTranslation,
  translateSql,
} from '@platform/semantic';
import { columnPositions, rowValues } from '../../src/modules/data-api/query-result.mapper.js';
import type { Warehouse } from '../../src/platform/warehouse/warehouse.js';

/** Rows `platformSqlApi` puts in a tool result; the rest only count in `totalRows`. */
const toolResultRows = 100;
/** Distinct values read per dimension for filters on words of the question. */
const lookupLimit = 1000;

export interface AnalystWorld {
  readonly model: CompiledModel;
  readonly warehouse: Warehouse;
  readonly timezone: string;
  readonly now: Date;
}

export type AnalystRun =
  | {
      readonly searchQuery: string;
      readonly metadata: MetadataSearchResult;
      readonly plan: AnalystPlan & { kind: 'cannot-answer' };
    }
  | {
      readonly searchQuery: string;
      readonly metadata: MetadataSearchResult;
      readonly plan: AnalystQueryPlan;
      readonly translation: SqlTranslation;
      readonly result: AnalystQueryResult;
      readonly answer: string;
    };

const indexes = new WeakMap<CompiledModel, MetadataSearchIndex>();

/** The distinct values of a string dimension, read through the semantic layer as the server would. */
async function distinctValues(world: AnalystWorld, memberPath: string): Promise<string[]> {
  const compiled = buildQuerySql(
    world.model,
    { dimensions: [memberPath], limit: lookupLimit, timezone: world.timezone },
    { dialect: duckDbDialect, now: world.now },
  );
  const result = await world.warehouse.query(compiled.sql, compiled.params);
  return result.rows.flatMap((row) => (typeof row[0] === 'string' ? [row[0]] : []));
}

/** Runs the SQL interface the way the chat tool does: translate, compile in the session's zone, query. */
async function runModelSql(world: AnalystWorld, sql: string) {
  const translation = translateSql(world.model, sql);
  const compiled = buildQuerySql(
    world.model,
    { ...translation.query, timezone: world.timezone },
    { dialect: duckDbDialect, now: world.now },
  );
  const answer = await world.warehouse.query(compiled.sql, compiled.params, { maximumRows: toolResultRows });
  const outputColumns = translation.columns.map((output) => {
    const column = compiled.columns.find((candidate) => candidate.keys.includes(output.key));
    if (!column) throw new Error(`no column for ${output.key}`);
    return column;
  });
  const positions = columnPositions(outputColumns, answer.columns);
  const result: AnalystQueryResult = {
    schema: translation.columns.map((output, index) => ({
      name: output.name,
      column_type: positions[index]?.column.type ?? 'unknown',
    })),
    data: answer.rows.map((row) => rowValues(positions, row)),
    totalRows: answer.totalRows,
  };
  return { translation, result };
}

/**
 * The built-in analyst's whole path for one question: search, plan, SQL interface, warehouse, answer. In a
 * thread, `earlierQuestions` (oldest first) are the questions asked before it.
 */
export async function askAnalyst(
  world: AnalystWorld,
  question: string,
  earlierQuestions: readonly string[] = [],
): Promise<AnalystRun> {
  const index = indexes.get(world.model) ?? createMetadataSearchIndex(world.model);
  indexes.set(world.model, index);
  const scope = resolveAccess(world.model, { groups: [], securityContext: {}, userAttributes: {} });
  const searchQuery = chooseSearchQuery(question, earlierQuestions);
  const metadata = index.search(searchQuery, { scope });
  const plan = await planInThread(question, earlierQuestions, metadata, {
    now: world.now,
    timezone: world.timezone,
    lookupValues: (memberPath) => distinctValues(world, memberPath),
  });
  if (plan.kind === 'cannot-answer') return { searchQuery, metadata, plan };
  const { translation, result } = await runModelSql(world, plan.sqlQuery);
  const answer = writeAnalystAnswer(question, plan, result, { timezone: world.timezone });
  return { searchQuery, metadata, plan, translation, result, answer };
}

/** The run of a question that must be answered, or a failure that shows why it was not. */
export async function answerOf(
  world: AnalystWorld,
  question: string,
  earlierQuestions: readonly string[] = [],
) {
  const run = await askAnalyst(world, question, earlierQuestions);
  if (run.plan.kind === 'cannot-answer') {
    throw new Error(`"${question}" was not answered: ${run.plan.reason}`);
  }
  return run as Extract<AnalystRun, { plan: AnalystQueryPlan }>;
}

/** The refusal for a question that must not be answered, or a failure that shows the planned SQL. */
export async function refusalOf(
  world: AnalystWorld,
  question: string,
  earlierQuestions: readonly string[] = [],
): Promise<string> {
  const run = await askAnalyst(world, question, earlierQuestions);
  if (run.plan.kind === 'query') throw new Error(`"${question}" was answered with:\n${run.plan.sqlQuery}`);
  return run.plan.reason;
}

/** A number as the answer prints it, to check the answer's text against an independent figure. */
export function printed(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
}
