import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { ResolvedFilter } from './resolved-query.types.js';

type Place = 'where' | 'having' | 'mixed' | 'none';

function placeOf(filter: ResolvedFilter): Place {
  if (filter.kind === 'member') {
    const isAggregate = filter.member.definition.kind === 'measure' && filter.operator !== 'measureFilter';
    return isAggregate ? 'having' : 'where';
  }
  const places = new Set(filter.filters.map(placeOf));
  places.delete('none');
  if (places.size === 0) return 'none';
  if (places.size === 1) return [...places][0] as Place;
  return 'mixed';
}

export interface SplitFilters {
  /** Conditions on rows (dimensions, segments, measureFilter). */
  readonly where: ResolvedFilter[];
  /** Conditions on aggregates (measures). */
  readonly having: ResolvedFilter[];
}

/**
 * Sorts filters into row conditions and aggregate conditions. AND groups may mix both (they are split);
 * an OR group mixing a measure with a dimension has no single place and is refused.
 */
export function splitFilters(filters: readonly ResolvedFilter[]): SplitFilters {
  const where: ResolvedFilter[] = [];
  const having: ResolvedFilter[] = [];
  const place = (filter: ResolvedFilter): void => {
    const found = placeOf(filter);
    if (found === 'where') where.push(filter);
    else if (found === 'having') having.push(filter);
    else if (found === 'mixed') {
      if (filter.kind !== 'and') {
        throw new SemanticQueryError(
          'an `or` filter group cannot mix measures and dimensions: measures filter groups, dimensions filter rows; split it or use only one kind',
        );
      }
      for (const child of filter.filters) place(child);
    }
  };
  for (const filter of filters) place(filter);
  return { where, having };
}
