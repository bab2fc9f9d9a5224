import type { CompiledModel } from '../compile/compiled-model.types.js';
import type { CubeRowFilter, QueryFilter, SemanticQuery } from '../query/semantic-query.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { AccessCaller, AccessedQuery, AccessScope } from './access-scope.types.js';
import { CallerAccess } from './caller-access.js';
import { cubeJoinComponents } from './join-components.js';
import { findReferencedMember, queryMemberReferences } from './query-member-references.js';

/** What access policies let one caller see and query in a model; see docs/access-policies.md. */
export function resolveAccess(model: CompiledModel, caller: AccessCaller): AccessScope {
  const access = new CallerAccess(model, caller);
  return {
    isMemberVisible: (path) => {
      const member = model.findMember(path);
      return member !== undefined && access.isVisible(member);
    },
    isSourceVisible: (name) => access.isSourceVisible(name),
    applyToQuery: (query) => applyAccess(access, query),
  };
}

/**
 * Checks every member the query names and gathers the row filters that govern them: a view with policies
 * adds its filter to the query; cubes (named directly, or under a view without policies) give cube filters.
 */
function applyAccess(access: CallerAccess, query: SemanticQuery): AccessedQuery {
  const model = access.model;
  const viewFilters: QueryFilter[] = [];
  const viewsFiltered = new Set<string>();
  const governingCubes = new Set<string>();
  const queriedCubes = new Set<string>();
  for (const path of queryMemberReferences(query)) {
    const member = findReferencedMember(model, path);
    const sourceName = member?.sourceName ?? path.slice(0, Math.max(path.indexOf('.'), 0));
    const source = model.sources.get(sourceName);
    if (source !== undefined && !access.isSourceVisible(sourceName)) {
      const reason = access.hasOwnGovernance(source)
        ? 'none of its access policies applies to you'
        : 'the access policies of its cubes hide all its members';
      throw new SemanticQueryError(`You may not query ${sourceName}: ${reason}`, 'forbidden');
    }
    // Unknown members are the compiler's to reject as invalid.
    if (member === undefined || source === undefined) continue;
    if (!access.isVisible(member))
      throw new SemanticQueryError(`You may not query ${member.path}`, 'forbidden');
    if (source.kind === 'cube') {
      queriedCubes.add(member.cubeName);
    } else if (source.accessPolicies.length > 0) {
      if (viewsFiltered.has(source.name)) continue;
      viewsFiltered.add(source.name);
      const filter = access.rowFilter(source.name);
      if (filter !== undefined) viewFilters.push(filter);
    } else {
      for (const cubeName of member.joinPath) governingCubes.add(cubeName);
    }
  }
  addJoinableCubes(model, queriedCubes, governingCubes);
  const cubeRowFilters: CubeRowFilter[] = [];
  for (const cubeName of model.cubes.keys()) {
    const filter = governingCubes.has(cubeName) ? access.rowFilter(cubeName) : undefined;
    if (filter !== undefined) cubeRowFilters.push({ cubeName, filter });
  }
  const filteredQuery =
    viewFilters.length === 0 ? query : { ...query, filters: [...(query.filters ?? []), ...viewFilters] };
  return { query: filteredQuery, cubeRowFilters };
}

/**
 * A query on cube members may join through cubes it does not name, and only the compiler picks the path;
 * every cube of the queried cubes' join components is governed, since the compiler applies a cube's filter
 * only where that cube takes part.
 */
function addJoinableCubes(
  model: CompiledModel,
  queriedCubes: ReadonlySet<string>,
  governing: Set<string>,
): void {
  if (queriedCubes.size === 0) return;
  const components = cubeJoinComponents(model);
  const queriedComponents = new Set([...queriedCubes].map((cubeName) => components.get(cubeName)));
  for (const [cubeName, component] of components) {
    if (queriedComponents.has(component)) governing.add(cubeName);
  }
}
