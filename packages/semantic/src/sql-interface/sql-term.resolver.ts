import type { FuncCall, Node } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import type { MeasureType } from '../model/member.types.js';
import { resolveColumn, type SqlTranslationContext, sourceNames } from './sql-column.resolver.js';
import { resolveDateTrunc } from './sql-date-trunc.resolver.js';
import { describeUnsupportedNode, locationOf, nodeStrings } from './sql-node.js';
import type { SqlTerm } from './sql-term.types.js';

const termHint =
  "use members, MEASURE(measure), the measure's aggregate such as SUM(measure), or DATE_TRUNC('month', time_dimension)";

type AggregateName = 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COUNT' | 'COUNT(DISTINCT)';

const aggregateOfMeasureType: Partial<Record<MeasureType, AggregateName>> = {
  sum: 'SUM',
  avg: 'AVG',
  min: 'MIN',
  max: 'MAX',
  count: 'COUNT',
  count_distinct: 'COUNT(DISTINCT)',
  count_distinct_approx: 'COUNT(DISTINCT)',
};

function measureType(member: ResolvedMember): MeasureType | undefined {
  return member.definition.kind === 'measure' ? member.definition.type : undefined;
}

/** `write SUM(total) or MEASURE(total)`: how a measure is selected. */
function measureHint(member: ResolvedMember): string {
  const type = measureType(member);
  const aggregate = type === undefined ? undefined : aggregateOfMeasureType[type];
  const measure = `MEASURE(${member.name})`;
  if (aggregate === undefined) return `write ${measure}`;
  const call =
    aggregate === 'COUNT(DISTINCT)' ? `COUNT(DISTINCT ${member.name})` : `${aggregate}(${member.name})`;
  return `write ${call} or ${measure}`;
}

function kindName(member: ResolvedMember): string {
  const definition = member.definition;
  if (definition.kind === 'dimension') return `a ${definition.type} dimension`;
  if (definition.kind === 'segment') return 'a segment';
  return `a ${definition.type} measure`;
}

function measureTerm(member: ResolvedMember): SqlTerm {
  return { kind: 'measure', member, key: member.path };
}

/** A column as a term: a dimension; a bare measure or a segment is an error that says what to write. */
function columnTerm(member: ResolvedMember, context: SqlTranslationContext, location?: number): SqlTerm {
  if (member.definition.kind === 'dimension') return { kind: 'dimension', member, key: member.path };
  if (member.definition.kind === 'segment') {
    throw context.text.error(location, `"${member.name}" is a segment`, 'use it as a condition in WHERE');
  }
  throw context.text.error(location, `"${member.name}" is a measure`, measureHint(member));
}

function onlyArgument(call: FuncCall, name: string, context: SqlTranslationContext): Node {
  const [argument, extra] = call.args ?? [];
  if (argument === undefined || extra !== undefined || call.agg_star === true) {
    throw context.text.error(call.location, `${name} takes one measure`);
  }
  return argument;
}

function measureArgument(call: FuncCall, name: string, context: SqlTranslationContext): ResolvedMember {
  const argument = onlyArgument(call, name, context);
  if (!('ColumnRef' in argument)) {
    throw context.text.error(
      call.location,
      `${describeUnsupportedNode(argument)} not supported in ${name}()`,
      `${name} takes a measure`,
    );
  }
  const member = resolveColumn(argument.ColumnRef, context);
  if (member.definition.kind !== 'measure') {
    throw context.text.error(
      call.location,
      `${name} takes a measure, but "${member.name}" is ${kindName(member)}`,
    );
  }
  return member;
}

function rowCountTerm(call: FuncCall, context: SqlTranslationContext): SqlTerm {
  const candidates = context.sources.flatMap((source) => source.lookup.rowCountMeasures);
  const [only] = candidates;
  if (only !== undefined && candidates.length === 1) return measureTerm(only);
  const isJoined = context.sources.length > 1;
  const sourceName = sourceNames(context);
  if (only === undefined) {
    throw context.text.error(
      call.location,
      isJoined
        ? `COUNT(*) needs a count measure, and none of ${sourceName} has one`
        : `COUNT(*) needs a count measure, and ${sourceName} has none`,
      'select a measure with MEASURE(name)',
    );
  }
  const names = candidates.map((member) => (isJoined ? member.path : member.name));
  throw context.text.error(
    call.location,
    `COUNT(*) is ambiguous in ${isJoined ? sourceName.replaceAll(', ', ' CROSS JOIN ') : sourceName}`,
    `it has several count measures (${names.join(', ')}); write MEASURE(name)`,
  );
}

function aggregateTerm(call: FuncCall, aggregate: AggregateName, context: SqlTranslationContext): SqlTerm {
  const member = measureArgument(call, aggregate === 'COUNT(DISTINCT)' ? 'COUNT' : aggregate, context);
  const type = measureType(member);
  if (type !== undefined && aggregateOfMeasureType[type] === aggregate) return measureTerm(member);
  throw context.text.error(
    call.location,
    `${aggregate} does not match the measure "${member.name}"`,
    `${member.name} is ${kindName(member)}; ${measureHint(member)}`,
  );
}

function countTerm(call: FuncCall, context: SqlTranslationContext): SqlTerm {
  if (call.agg_star === true) return rowCountTerm(call, context);
  const [argument] = call.args ?? [];
  if (argument !== undefined && 'A_Const' in argument && argument.A_Const.ival !== undefined) {
    if (call.agg_distinct !== true && (call.args ?? []).length === 1) return rowCountTerm(call, context);
  }
  return aggregateTerm(call, call.agg_distinct === true ? 'COUNT(DISTINCT)' : 'COUNT', context);
}

function rejectCallOptions(call: FuncCall, name: string, context: SqlTranslationContext): void {
  const { text } = context;
  if (call.over !== undefined) throw text.error(call.location, 'Window functions are not supported');
  if (call.agg_filter !== undefined) throw text.error(call.location, 'FILTER is not supported');
  if (call.agg_order !== undefined)
    throw text.error(call.location, `ORDER BY inside ${name}() is not supported`);
  if (call.agg_within_group === true) throw text.error(call.location, 'WITHIN GROUP is not supported');
  if (call.func_variadic === true) throw text.error(call.location, 'VARIADIC is not supported');
  if (call.agg_distinct === true && name !== 'count') {
    throw text.error(call.location, 'DISTINCT is only accepted in COUNT(DISTINCT measure)');
  }
}

/** The function's name, lower case; `pg_catalog.` is accepted as the only qualifier. */
function functionName(call: FuncCall): string {
  const names = nodeStrings(call.funcname);
  const qualified = names.length === 2 && names[0] === 'pg_catalog' ? names.slice(1) : names;
  return qualified.join('.').toLowerCase();
}

function functionTerm(call: FuncCall, context: SqlTranslationContext): SqlTerm {
  const name = functionName(call);
  rejectCallOptions(call, name, context);
  switch (name) {
    case 'measure':
      return measureTerm(measureArgument(call, 'MEASURE', context));
    case 'count':
      return countTerm(call, context);
    case 'sum':
    case 'avg':
    case 'min':
    case 'max':
      return aggregateTerm(call, name.toUpperCase() as AggregateName, context);
    case 'date_trunc':
      return resolveDateTrunc(call, context);
    default:
      throw context.text.error(call.location, `Function ${name}() is not supported`, termHint);
  }
}

/** A select-list, GROUP BY, ORDER BY or condition operand as a term of the semantic query. */
export function resolveTerm(node: Node, context: SqlTranslationContext): SqlTerm {
  if ('ColumnRef' in node) {
    return columnTerm(resolveColumn(node.ColumnRef, context), context, node.ColumnRef.location);
  }
  if ('FuncCall' in node) return functionTerm(node.FuncCall, context);
  if ('A_Const' in node) {
    throw context.text.error(node.A_Const.location, 'Constants are not supported here', termHint);
  }
  throw context.text.error(locationOf(node), `${describeUnsupportedNode(node)} not supported`, termHint);
}
