import type { Node, RawStmt, SelectStmt } from 'libpg-query';
import type { CompiledModel } from '../compile/compiled-model.types.js';
import type { SemanticQuery, TimeDimensionQuery } from '../query/semantic-query.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { parsePostgresSql } from './load-sql-interface.js';
import { checkGroupBy, integerClause, translateOrderBy } from './sql-clauses.translator.js';
import type { SqlFromSource, SqlTranslationContext } from './sql-column.resolver.js';
import { type ConditionTranslation, translateConditions } from './sql-condition.translator.js';
import { fromSourcesOf } from './sql-from-clause.js';
import { isNestedDeeperThan, locationOf } from './sql-node.js';
import { type SelectItem, uniqueNames } from './sql-select-item.js';
import { SqlSourceText } from './sql-source-text.js';
import { selectStatementOf } from './sql-statement.check.js';
import { resolveTerm } from './sql-term.resolver.js';

/** An output column of a SQL query: its name and the data key of the compiled query's result it reads. */
export interface SqlOutputColumn {
  /** The alias, else the member's name; repeated names get `_2`, `_3`… in select order. */
  readonly name: string;
  /** `source.member`, or `source.member.granularity` for DATE_TRUNC. */
  readonly key: string;
}

export interface SqlTranslation {
  readonly query: SemanticQuery;
  readonly columns: SqlOutputColumn[];
}

export interface SqlTranslationOptions {
  /**
   * Whether the caller may see a cube (an access scope's `isSourceVisible`). A cube joined with CROSS JOIN
   * that it may not see is refused as forbidden even when the query reads none of its members; a source
   * queried alone is left to the access policies applied to the query, which name it.
   */
  readonly isSourceVisible?: (name: string) => boolean;
}

export const maximumSqlLength = 100_000;
/** Deeper parentheses are refused before parsing: the parser's own stack is the limit otherwise. */
export const maximumParenthesisDepth = 100;
const maximumTreeDepth = 600;

function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function checkText(text: SqlSourceText): void {
  const sql = text.text;
  if (sql.length > maximumSqlLength) {
    throw new SemanticQueryError(
      `The SQL query is ${formatCount(sql.length)} characters long; the limit is ${formatCount(maximumSqlLength)}`,
    );
  }
  if (sql.trim() === '') throw new SemanticQueryError('The SQL query is empty: send one SELECT statement');
  const nulIndex = sql.indexOf('\u0000');
  if (nulIndex !== -1) throw text.errorAt(nulIndex, 'The SQL query contains a NUL character');
  const deepIndex = text.findExcessiveNesting(maximumParenthesisDepth);
  if (deepIndex !== undefined) {
    throw text.errorAt(
      deepIndex,
      `Parentheses are nested more than ${maximumParenthesisDepth} deep`,
      'simplify the query',
    );
  }
}

function statementStart(statements: readonly RawStmt[], text: SqlSourceText): number {
  return text.indexOfByte(statements[0]?.stmt_location ?? 0);
}

function checkVisible(sources: readonly SqlFromSource[], options: SqlTranslationOptions): void {
  const { isSourceVisible } = options;
  if (isSourceVisible === undefined || sources.length < 2) return;
  const hidden = sources.find((source) => !isSourceVisible(source.lookup.source.name));
  if (hidden !== undefined) {
    const name = hidden.lookup.source.name;
    throw new SemanticQueryError(`You may not query ${name}: access policies hide it from you`, 'forbidden');
  }
}

function selectItems(select: SelectStmt, context: SqlTranslationContext): SelectItem[] {
  const resolved = (select.targetList ?? []).map((target) => {
    const entry = 'ResTarget' in target ? target.ResTarget : {};
    const value: Node = entry.val ?? target;
    const location = entry.location ?? locationOf(value);
    if ('ColumnRef' in value && (value.ColumnRef.fields ?? []).some((field) => 'A_Star' in field)) {
      throw context.text.error(value.ColumnRef.location, 'SELECT * is not supported', 'name the columns');
    }
    const term = resolveTerm(value, context);
    return { term, alias: entry.name, location };
  });
  const names = uniqueNames(resolved.map((item) => item.alias ?? item.term.member.name));
  return resolved.map((item, index) => ({
    term: item.term,
    name: names[index] ?? item.term.member.name,
    ...(item.alias === undefined ? {} : { alias: item.alias }),
    ...(item.location === undefined ? {} : { location: item.location }),
  }));
}

function distinct<Value>(values: readonly Value[], keyOf: (value: Value) => string = String): Value[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function buildQuery(
  select: SelectStmt,
  items: readonly SelectItem[],
  context: SqlTranslationContext,
): SemanticQuery {
  checkGroupBy(select, items, context);
  const conditions: ConditionTranslation = { filters: [], segments: [] };
  translateConditions(select.whereClause, context, conditions);
  translateConditions(select.havingClause, context, conditions);
  const { order, extraMeasures } = translateOrderBy(select, items, context);
  const terms = items.map((item) => item.term);
  const measures = distinct([
    ...terms.flatMap((term) => (term.kind === 'measure' ? [term.member.path] : [])),
    ...extraMeasures,
  ]);
  const dimensions = distinct(terms.flatMap((term) => (term.kind === 'dimension' ? [term.member.path] : [])));
  const timeDimensions = distinct(
    terms.flatMap((term): TimeDimensionQuery[] =>
      term.kind === 'timeDimension' ? [{ dimension: term.member.path, granularity: term.granularity }] : [],
    ),
    (timeDimension) => `${timeDimension.dimension}.${timeDimension.granularity}`,
  );
  const limit = integerClause(select.limitCount, 'LIMIT', context);
  const offset = integerClause(select.limitOffset, 'OFFSET', context);
  return {
    ...(measures.length > 0 ? { measures } : {}),
    ...(dimensions.length > 0 ? { dimensions } : {}),
    ...(timeDimensions.length > 0 ? { timeDimensions } : {}),
    ...(conditions.filters.length > 0 ? { filters: conditions.filters } : {}),
    ...(conditions.segments.length > 0 ? { segments: conditions.segments } : {}),
    ...(order.length > 0 ? { order } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined || offset === 0 ? {} : { offset }),
  };
}

/**
 * Translates one SELECT over a cube or view, or over cubes joined with CROSS JOIN (the model's joins
 * apply), into a semantic query and its output columns. The SQL is
 * parsed by the Postgres grammar and never reaches a warehouse; anything outside the accepted forms is a
 * SemanticQueryError('invalid') naming the construct and its line and column.
 */
export function translateSql(
  model: CompiledModel,
  sql: string,
  options: SqlTranslationOptions = {},
): SqlTranslation {
  const text = new SqlSourceText(sql);
  checkText(text);
  const statements = parsePostgresSql(text);
  if (isNestedDeeperThan(statements, maximumTreeDepth)) {
    throw new SemanticQueryError('The SQL query is nested too deeply: simplify it');
  }
  const select = selectStatementOf(statements, text);
  const sources = fromSourcesOf(model, select, text, statementStart(statements, text));
  checkVisible(sources, options);
  const context: SqlTranslationContext = { text, sources };
  const items = selectItems(select, context);
  return {
    query: buildQuery(select, items, context),
    columns: items.map((item) => ({ name: item.name, key: item.term.key })),
  };
}
