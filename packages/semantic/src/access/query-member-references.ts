import type { CompiledModel, ResolvedMember } from '../compile/compiled-model.types.js';
import type { QueryFilter, SemanticQuery } from '../query/semantic-query.types.js';

/** Every member path a query names, once each, in the order it names them; filters are walked to any depth. */
export function queryMemberReferences(query: SemanticQuery): string[] {
  const paths = new Set<string>();
  for (const path of query.measures ?? []) paths.add(path);
  for (const path of query.dimensions ?? []) paths.add(path);
  for (const timeDimension of query.timeDimensions ?? []) paths.add(timeDimension.dimension);
  for (const path of query.segments ?? []) paths.add(path);
  const addFilter = (filter: QueryFilter): void => {
    if ('member' in filter) paths.add(filter.member);
    else for (const inner of 'and' in filter ? filter.and : filter.or) addFilter(inner);
  };
  for (const filter of query.filters ?? []) addFilter(filter);
  const order = query.order;
  const orderKeys =
    order === undefined ? [] : Array.isArray(order) ? order.map(([key]) => key) : Object.keys(order);
  for (const key of orderKeys) paths.add(key);
  return [...paths];
}

/** The member a query path names; `orders.created_at.month` (an order key) names the time dimension. */
export function findReferencedMember(model: CompiledModel, path: string): ResolvedMember | undefined {
  const member = model.findMember(path);
  if (member !== undefined) return member;
  const lastDot = path.lastIndexOf('.');
  if (lastDot === -1) return undefined;
  const owner = model.findMember(path.slice(0, lastDot));
  const definition = owner?.definition;
  return definition?.kind === 'dimension' && definition.type === 'time' ? owner : undefined;
}
