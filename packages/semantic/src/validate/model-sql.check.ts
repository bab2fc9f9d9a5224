import type { SelectStmt } from 'libpg-query';
import type { Cube } from '../model/cube.types.js';
import type { CaseLabel, Dimension } from '../model/member.types.js';
import type { SourceLocation } from '../model/source-location.types.js';
import { isBareColumn } from '../plan/sql-template.js';
import { parseStatements, withPlaceholders, writingPartOf } from './model-sql-parser.js';
import type { ValidationContext } from './validation-context.js';

const sourceAlias = 'platform_source';
const valueAlias = 'platform_value';

/** Clauses that a wrapper `SELECT` of our own never has, so their presence means the fragment broke out. */
const wrapperClauses = [
  'distinctClause',
  'whereClause',
  'groupClause',
  'havingClause',
  'windowClause',
  'valuesLists',
  'sortClause',
  'limitOffset',
  'limitCount',
  'withClause',
  'larg',
  'rarg',
] as const;

function onlySelectOf(text: string): { select: SelectStmt } | { error: string } {
  const parsed = parseStatements(text);
  if ('error' in parsed) return { error: `SQL syntax error: ${parsed.error}` };
  if (parsed.statements.length !== 1) {
    return { error: `it holds ${parsed.statements.length} statements` };
  }
  const statement = parsed.statements[0]?.stmt;
  if (statement === undefined || !('SelectStmt' in statement)) return { error: 'it is not a SELECT' };
  const writing = writingPartOf(statement);
  return writing === undefined ? { select: statement.SelectStmt } : { error: writing };
}

function hasWrapperClause(select: SelectStmt): boolean {
  return wrapperClauses.some((clause) => select[clause] !== undefined);
}

/**
 * Why a cube's `sql` is not exactly one SELECT, or undefined. It is parsed alone, then as the renderer places
 * it, `(sql) AS alias`, so that text closing the parenthesis early or commenting it out is refused too.
 */
export function cubeSelectProblem(sql: string): string | undefined {
  const text = withPlaceholders(sql);
  const alone = onlySelectOf(text);
  if ('error' in alone) return alone.error;
  const wrapped = onlySelectOf(`SELECT * FROM (${text}) AS ${sourceAlias}`);
  if ('error' in wrapped) return `it does not stand as one subquery (${wrapped.error})`;
  const from = wrapped.select.fromClause ?? [];
  const source = from[0];
  const isOneSubquery =
    from.length === 1 &&
    source !== undefined &&
    'RangeSubselect' in source &&
    source.RangeSubselect.alias?.aliasname === sourceAlias &&
    !hasWrapperClause(wrapped.select);
  return isOneSubquery ? undefined : 'it does not stand as one subquery';
}

/** Why a member, join or filter `sql` is not exactly one expression, or undefined. */
export function expressionProblem(sql: string): string | undefined {
  const wrapped = onlySelectOf(`SELECT (${withPlaceholders(sql)}) AS ${valueAlias}`);
  if ('error' in wrapped) return wrapped.error;
  const targets = wrapped.select.targetList ?? [];
  const target = targets[0];
  const isOneExpression =
    targets.length === 1 &&
    target !== undefined &&
    'ResTarget' in target &&
    target.ResTarget.name === valueAlias &&
    wrapped.select.fromClause === undefined &&
    !hasWrapperClause(wrapped.select);
  return isOneExpression ? undefined : 'it does not stand as one expression';
}

const identifier = String.raw`(?:[A-Za-z_][A-Za-z0-9_$]*|"(?:[^"\u0000]|"")+")`;
const tableNamePattern = new RegExp(`^${identifier}(?:\\.${identifier}){0,2}$`);

/** Whether `sql_table` is a table name, optionally qualified by schema and database, and nothing more. */
export function isTableName(sqlTable: string): boolean {
  return tableNamePattern.test(sqlTable.trim());
}

function checkExpression(
  context: ValidationContext,
  location: SourceLocation,
  relativePath: string,
  sql: string,
  owner: string,
): void {
  const problem = expressionProblem(sql);
  if (problem === undefined) return;
  context.report(location, `the sql of ${owner} must be one SQL expression: ${problem}`, relativePath);
}

function labelSql(label: CaseLabel): string | undefined {
  return typeof label === 'string' ? undefined : label.sql;
}

function checkDimension(cube: Cube, dimension: Dimension, context: ValidationContext): void {
  const owner = `dimension \`${cube.name}.${dimension.name}\``;
  const check = (relativePath: string, sql: string | undefined) => {
    if (sql !== undefined) checkExpression(context, dimension.location, relativePath, sql, owner);
  };
  // why: a bare column name is rendered qualified (`alias.count`), where even a keyword is a column.
  if (dimension.sql !== undefined && !isBareColumn(dimension.sql)) check('sql', dimension.sql);
  check('latitude.sql', dimension.latitude?.sql);
  check('longitude.sql', dimension.longitude?.sql);
  dimension.case?.when.forEach((branch, index) => {
    check(`case.when[${index}].sql`, branch.sql);
    check(`case.when[${index}].label.sql`, labelSql(branch.label));
  });
  if (dimension.case?.else) check('case.else.label.sql', labelSql(dimension.case.else.label));
}

/**
 * Every SQL fragment a cube declares, parsed at build time: `sql` one SELECT, `sql_table` a table name,
 * every member, segment, join and filter `sql` one expression. The warehouse never sees a fragment that
 * could end the statement it is placed in and start another (`SELECT 1) AS x; CREATE TABLE ...`).
 */
export function checkModelSql(cube: Cube, context: ValidationContext): void {
  if (cube.sqlTable !== undefined && !isTableName(cube.sqlTable)) {
    context.report(
      cube.location,
      `the sql_table of cube \`${cube.name}\` must be a table name such as \`orders\` or \`shop.orders\`; use sql for a query`,
      'sql_table',
    );
  }
  if (cube.sql !== undefined) {
    const problem = cubeSelectProblem(cube.sql);
    if (problem !== undefined) {
      context.report(cube.location, `the sql of cube \`${cube.name}\` must be one SELECT: ${problem}`, 'sql');
    }
  }
  if (cube.refreshKey?.sql !== undefined) {
    const problem = cubeSelectProblem(cube.refreshKey.sql);
    if (problem !== undefined) {
      const message = `the refresh_key sql of cube \`${cube.name}\` must be one SELECT: ${problem}`;
      context.report(cube.location, message, 'refresh_key.sql');
    }
  }
  for (const measure of cube.measures) {
    const owner = `measure \`${cube.name}.${measure.name}\``;
    if (measure.sql !== undefined && !isBareColumn(measure.sql)) {
      checkExpression(context, measure.location, 'sql', measure.sql, owner);
    }
    for (const filter of measure.filters) {
      checkExpression(context, filter.location, 'sql', filter.sql, `a filter of ${owner}`);
    }
  }
  for (const dimension of cube.dimensions) checkDimension(cube, dimension, context);
  for (const segment of cube.segments) {
    checkExpression(
      context,
      segment.location,
      'sql',
      segment.sql,
      `segment \`${cube.name}.${segment.name}\``,
    );
  }
  for (const join of cube.joins) {
    checkExpression(
      context,
      join.location,
      'sql',
      join.sql,
      `the join of \`${cube.name}\` to \`${join.name}\``,
    );
  }
}
