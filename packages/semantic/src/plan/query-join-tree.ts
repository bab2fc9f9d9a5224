import type { CompiledModel, ResolvedMember } from '../compile/compiled-model.types.js';
import type { Dimension, Measure } from '../model/member.types.js';
import type { CubeRowFilter } from '../query/semantic-query.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { JoinTree } from './join-tree.js';
import type { MemberSql } from './member-sql.js';
import type { MeasureSql } from './member-sql.types.js';
import type { ModelIndex } from './model-index.js';
import type { QueryColumns } from './query-columns.js';
import { resolveFilter } from './resolve-query.js';
import type { ResolvedFilter, ResolvedQuery } from './resolved-query.types.js';

export interface AppliedRowFilter {
  readonly cubeName: string;
  readonly filter: ResolvedFilter;
}

export interface QueryJoinTreeInput {
  readonly model: CompiledModel;
  readonly index: ModelIndex;
  readonly memberSql: MemberSql;
  readonly resolved: ResolvedQuery;
  readonly columns: QueryColumns;
  readonly havingMeasures: readonly MeasureSql[];
  readonly cubeRowFilters: readonly CubeRowFilter[];
}

export function filterMembers(filters: readonly ResolvedFilter[]): ResolvedMember[] {
  return filters.flatMap((filter) =>
    filter.kind === 'member' ? [filter.member] : filterMembers(filter.filters),
  );
}

/** Cubes a filter's member reads through its SQL (a measure filter's conditions, a dimension's value). */
function cubesReadBy(memberSql: MemberSql, member: ResolvedMember): readonly string[] {
  const definition = member.definition;
  if (definition.kind === 'dimension')
    return memberSql.dimension(member.cubeName, definition as Dimension).cubes;
  if (definition.kind === 'segment') return memberSql.segment(member.cubeName, definition).cubes;
  const measure = definition as Measure;
  const conditions = memberSql.measureFilterConditions(member.cubeName, measure);
  return [...memberSql.measure(member.cubeName, measure).cubes, ...(conditions?.cubes ?? [])];
}

/**
 * The joins of a query: from its root, the cubes of its members in query order (along a view's join
 * paths for a view query, else shortest paths), then any cube their SQL reads, then cubes read by the
 * row filters of cubes that take part. A row filter never brings its own cube into a query.
 */
export function buildQueryJoinTree(input: QueryJoinTreeInput): {
  readonly tree: JoinTree;
  readonly rowFilters: AppliedRowFilter[];
} {
  const { index, memberSql, resolved, columns } = input;
  const tree = new JoinTree(index.graph, resolved.root);
  const named = [
    ...resolved.measures.map((entry) => entry.member),
    ...resolved.dimensions.map((entry) => entry.member),
    ...resolved.timeDimensions.map((entry) => entry.member),
    ...filterMembers(resolved.filters),
    ...resolved.segments.map((entry) => entry.member),
  ];
  for (const member of named) {
    if (resolved.viewName !== undefined) tree.addViewPath(resolved.viewName, member.joinPath);
    else tree.addCube(member.cubeName);
  }
  const read = [
    ...columns.dimensions.flatMap((column) => column.cubes),
    ...columns.measures.flatMap((column) => column.measure.cubes),
    ...input.havingMeasures.flatMap((measure) => measure.cubes),
    ...named.flatMap((member) => cubesReadBy(memberSql, member)),
  ];
  for (const cube of read) tree.addCube(cube);
  const rowFilters = applyRowFilters(input, tree);
  for (const cube of tree.cubes) {
    const edge = tree.edgeInto(cube);
    if (!edge) continue;
    const foreign = memberSql
      .joinCondition(edge)
      .cubes.filter((name) => name !== edge.from && name !== edge.to);
    if (foreign.length > 0) {
      throw new SemanticQueryError(
        `the join from \`${edge.declaredBy}\` to \`${edge.join.name}\` reads \`${foreign.join('`, `')}\`; a join's sql may only read the two cubes it joins`,
      );
    }
  }
  return { tree, rowFilters };
}

function applyRowFilters(input: QueryJoinTreeInput, tree: JoinTree): AppliedRowFilter[] {
  const applied: AppliedRowFilter[] = [];
  const pending = [...input.cubeRowFilters];
  for (let isProgressing = true; isProgressing; ) {
    isProgressing = false;
    for (const rowFilter of [...pending]) {
      if (!tree.has(rowFilter.cubeName)) continue;
      pending.splice(pending.indexOf(rowFilter), 1);
      isProgressing = true;
      const filter = resolveFilter(input.model, input.index, rowFilter.filter, (member) => {
        if (member.sourceKind !== 'cube' || member.cubeName !== rowFilter.cubeName) {
          throw new SemanticQueryError(
            `a row filter of cube \`${rowFilter.cubeName}\` names \`${member.path}\`, which is not a member of that cube`,
          );
        }
      });
      for (const member of filterMembers([filter])) {
        for (const cube of cubesReadBy(input.memberSql, member)) tree.addCube(cube);
      }
      applied.push({ cubeName: rowFilter.cubeName, filter });
    }
  }
  return applied;
}
