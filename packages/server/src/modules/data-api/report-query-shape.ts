import type { CompiledModel, OrderDirection, QueryFilter, SemanticQuery } from '@platform/semantic';

type OrderEntry = readonly [string, OrderDirection];

/** `cube.member.granularity` with another granularity; a plain `cube.member` stays as it is. */
export function withGranularity(name: string, granularity: string): string {
  const parts = name.split('.');
  return parts.length === 3 ? `${parts[0]}.${parts[1]}.${granularity}` : name;
}

function distinctBy<Value>(values: readonly Value[], keyOf: (value: Value) => string): Value[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function orderEntries(order: SemanticQuery['order']): OrderEntry[] {
  if (order === undefined) return [];
  return Array.isArray(order)
    ? (order as readonly OrderEntry[]).map(([member, direction]) => [member, direction] as const)
    : Object.entries(order as Record<string, OrderDirection>);
}

/**
 * The dashboard's time grain: every time dimension that has a granularity gets this one, and so do the
 * names that carry a granularity (`orders.created_at.month` in dimensions and order). Entries that become
 * identical are kept once.
 */
export function withTimeGrain(query: SemanticQuery, granularity: string): SemanticQuery {
  const timeDimensions = query.timeDimensions?.map((timeDimension) =>
    timeDimension.granularity === undefined ? timeDimension : { ...timeDimension, granularity },
  );
  const dimensions = query.dimensions?.map((name) => withGranularity(name, granularity));
  const order =
    query.order === undefined
      ? undefined
      : distinctBy(
          orderEntries(query.order).map(
            ([member, direction]): OrderEntry => [withGranularity(member, granularity), direction],
          ),
          ([member]) => member,
        );
  return {
    ...query,
    ...(timeDimensions === undefined
      ? {}
      : { timeDimensions: distinctBy(timeDimensions, (entry) => JSON.stringify(entry)) }),
    ...(dimensions === undefined ? {} : { dimensions: distinctBy(dimensions, (name) => name) }),
    ...(order === undefined ? {} : { order }),
  };
}

/** Dashboard filters hold together with the query's own. */
export function withFilters(query: SemanticQuery, filters: readonly QueryFilter[]): SemanticQuery {
  if (filters.length === 0) return query;
  return { ...query, filters: [...(query.filters ?? []), ...filters] };
}

function filterMembers(filters: readonly QueryFilter[]): string[] {
  return filters.flatMap((filter) => {
    if ('and' in filter) return filterMembers(filter.and);
    if ('or' in filter) return filterMembers(filter.or);
    return [filter.member];
  });
}

/** The member a name reads: `orders.created_at.month` reads `orders.created_at`. */
function memberOf(name: string): string {
  return name.split('.').slice(0, 2).join('.');
}

/**
 * Members a query names that the model does not have (a saved report outlives the model it was written
 * for). Names that are not member paths at all are left to the planner, which explains those.
 */
export function missingMembers(model: CompiledModel, query: SemanticQuery): string[] {
  const named = [
    ...(query.measures ?? []),
    ...(query.dimensions ?? []).map(memberOf),
    ...(query.timeDimensions ?? []).map((timeDimension) => timeDimension.dimension),
    ...(query.segments ?? []),
    ...filterMembers(query.filters ?? []),
    ...orderEntries(query.order).map(([member]) => memberOf(member)),
  ];
  const wellFormed = named.filter((name) => typeof name === 'string' && /^[^.]+\.[^.]+$/.test(name));
  return distinctBy(wellFormed, (name) => name).filter((name) => model.findMember(name) === undefined);
}
