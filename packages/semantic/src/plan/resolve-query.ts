import type { CompiledModel, ResolvedMember } from '../compile/compiled-model.types.js';
import { type StandardGranularity, standardGranularities } from '../dialect/sql-dialect.types.js';
import { type FilterOperator, filterOperators } from '../model/access-policy.types.js';
import { suggestName } from '../parse/suggest-name.js';
import type { QueryFilter, SemanticQuery, TimeDimensionQuery } from '../query/semantic-query.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { TimeGranularity } from '../render/time-sql.js';
import type { ModelIndex } from './model-index.js';
import { type MemberRole, resolveMember } from './resolve-member.js';
import type {
  QueryMember,
  ResolvedFilter,
  ResolvedQuery,
  ResolvedTimeDimension,
} from './resolved-query.types.js';

const standardNames = new Set<string>(standardGranularities);
const operatorNames = new Set<string>(filterOperators);

function listOf<T>(value: readonly T[] | undefined, name: string): readonly T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SemanticQueryError(`${name} must be a list`);
  return value;
}

/** Tracks which source the query's members come from: cubes only, or one view. */
class SourceGuard {
  private viewName: string | undefined;
  private cubePath: string | undefined;
  private firstMember: ResolvedMember | undefined;

  note(member: ResolvedMember): void {
    this.firstMember ??= member;
    if (member.sourceKind === 'view') {
      if (this.cubePath !== undefined) throw mixed(member.path, this.cubePath);
      if (this.viewName !== undefined && this.viewName !== member.sourceName) {
        throw new SemanticQueryError(
          `\`${member.path}\` is in view \`${member.sourceName}\` but the query also uses view \`${this.viewName}\`; query one view at a time`,
        );
      }
      this.viewName = member.sourceName;
    } else {
      if (this.viewName !== undefined) throw mixed(this.viewName, member.path);
      this.cubePath ??= member.path;
    }
  }

  get root(): string | undefined {
    return this.firstMember?.joinPath[0] ?? this.firstMember?.cubeName;
  }

  get view(): string | undefined {
    return this.viewName;
  }
}

function mixed(view: string, cubeMember: string): SemanticQueryError {
  return new SemanticQueryError(
    `the query mixes view \`${view.split('.')[0]}\` with the cube member \`${cubeMember}\`; use members of the view only`,
  );
}

function granularityOf(member: ResolvedMember, name: unknown, path: string): TimeGranularity | undefined {
  if (name === undefined || name === null) return undefined;
  if (typeof name !== 'string')
    throw new SemanticQueryError(`the granularity of \`${path}\` must be a string`);
  const definition = member.definition;
  const customs = definition.kind === 'dimension' ? definition.granularities : [];
  const custom = customs.find((granularity) => granularity.name === name);
  if (custom) return { name, custom };
  if (standardNames.has(name))
    return { name: name as StandardGranularity, standard: name as StandardGranularity };
  const known = [...standardGranularities, ...customs.map((granularity) => granularity.name)];
  const suggestion = suggestName(name, known);
  const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
  throw new SemanticQueryError(
    `\`${name}\` is not a granularity of \`${path}\`${hint} (known: ${known.join(', ')})`,
  );
}

/** A filter tree with its members looked up; `note` sees each member (to check the query's sources). */
export function resolveFilter(
  model: CompiledModel,
  index: ModelIndex,
  filter: QueryFilter,
  note: (member: ResolvedMember) => void,
): ResolvedFilter {
  if (typeof filter !== 'object' || filter === null) {
    throw new SemanticQueryError(
      'filters must be objects {member, operator, values} or {and: []} or {or: []}',
    );
  }
  const resolveChild = (child: QueryFilter) => resolveFilter(model, index, child, note);
  if ('and' in filter) return { kind: 'and', filters: listOf(filter.and, 'and').map(resolveChild) };
  if ('or' in filter) return { kind: 'or', filters: listOf(filter.or, 'or').map(resolveChild) };
  const member = resolveMember(model, index, filter.member, 'filter');
  note(member);
  const path = filter.member;
  if (!operatorNames.has(filter.operator)) {
    const suggestion = suggestName(String(filter.operator), filterOperators);
    const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
    throw new SemanticQueryError(
      `unknown filter operator \`${String(filter.operator)}\` on \`${path}\`${hint}`,
    );
  }
  const values = listOf(filter.values, `values of the filter on ${path}`);
  for (const value of values) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw new SemanticQueryError(
        `values of the filter on \`${path}\` must be strings, numbers or booleans`,
      );
    }
  }
  return { kind: 'member', path, member, operator: filter.operator as FilterOperator, values };
}

/**
 * Looks up every member of the query and checks it: kinds (a measure in `measures`...), time dimension
 * granularities, filter operators, and that members come from cubes only or from a single view.
 */
export function resolveQuery(model: CompiledModel, index: ModelIndex, query: SemanticQuery): ResolvedQuery {
  const guard = new SourceGuard();
  const lookUp = (path: unknown, role: MemberRole): QueryMember => {
    const member = resolveMember(model, index, path, role);
    guard.note(member);
    return { path: path as string, member };
  };
  const measures = listOf(query.measures, 'measures').map((path) => lookUp(path, 'measure'));
  const dimensions = listOf(query.dimensions, 'dimensions').map((path) => lookUp(path, 'dimension'));
  const timeDimensions = listOf(query.timeDimensions, 'timeDimensions').map(
    (entry: TimeDimensionQuery): ResolvedTimeDimension => {
      if (typeof entry !== 'object' || entry === null) {
        throw new SemanticQueryError(
          'timeDimensions must list objects {dimension, granularity?, dateRange?}',
        );
      }
      const { path, member } = lookUp(entry.dimension, 'timeDimension');
      const granularity = granularityOf(member, entry.granularity, path);
      return {
        path,
        member,
        ...(granularity ? { granularity } : {}),
        ...(entry.dateRange === undefined || entry.dateRange === null ? {} : { dateRange: entry.dateRange }),
      };
    },
  );
  const filters = listOf(query.filters, 'filters').map((filter) =>
    resolveFilter(model, index, filter, (member) => guard.note(member)),
  );
  const segments = listOf(query.segments, 'segments').map((path) => lookUp(path, 'segment'));
  const root = guard.root;
  if (root === undefined) {
    throw new SemanticQueryError('the query names no member; add measures, dimensions or timeDimensions');
  }
  const viewName = guard.view;
  return {
    measures,
    dimensions,
    timeDimensions,
    filters,
    segments,
    root,
    ...(viewName === undefined ? {} : { viewName }),
  };
}
