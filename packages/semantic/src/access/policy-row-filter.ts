import type { AccessPolicy, RowFilter } from '../model/access-policy.types.js';
import type { FilterValue, QueryFilter } from '../query/semantic-query.types.js';
import type { AccessCaller } from './access-scope.types.js';
import { lookupCallerValue, referenceRoot } from './caller-value.js';

const referencePattern = /\{\s*([A-Za-z_$][\w$]*)((?:\.[\w$]+)+)\s*\}/g;
const wholeReferencePattern = /^\s*\{\s*([A-Za-z_$][\w$]*)((?:\.[\w$]+)+)\s*\}\s*$/;

/**
 * The rows the matching policies of one cube or view grant, as a filter over its members, or undefined when
 * they grant every row: each policy's filters are ANDed, policies are ORed, and one policy that imposes no
 * filter (no `row_level`, or `allow_all`) makes the union unrestricted.
 */
export function policiesRowFilter(
  policies: readonly AccessPolicy[],
  ownerName: string,
  caller: AccessCaller,
): QueryFilter | undefined {
  const grants: QueryFilter[] = [];
  for (const policy of policies) {
    const rowLevel = policy.rowLevel;
    // A row_level with neither filters nor allow_all is a build error; treating it as allow_all matches Cube.
    if (rowLevel === undefined || rowLevel.canSeeAllRows || rowLevel.filters.length === 0) return undefined;
    const filters = rowLevel.filters.map((filter) => toQueryFilter(filter, ownerName, caller));
    grants.push(combine('and', filters));
  }
  return grants.length === 0 ? undefined : combine('or', grants);
}

/** A filter no row passes: a member cannot be both set and not set. */
export function matchNothingFilter(memberPath: string): QueryFilter {
  return {
    and: [
      { member: memberPath, operator: 'set' },
      { member: memberPath, operator: 'notSet' },
    ],
  };
}

function combine(operator: 'and' | 'or', filters: QueryFilter[]): QueryFilter {
  const [first] = filters;
  if (filters.length === 1 && first !== undefined) return first;
  return operator === 'and' ? { and: filters } : { or: filters };
}

function toQueryFilter(filter: RowFilter, ownerName: string, caller: AccessCaller): QueryFilter {
  if (filter.kind !== 'member') {
    const filters = filter.filters.map((inner) => toQueryFilter(inner, ownerName, caller));
    return filter.kind === 'and' ? { and: filters } : { or: filters };
  }
  const member = filter.member.startsWith(`${ownerName}.`) ? filter.member : `${ownerName}.${filter.member}`;
  if (filter.operator === 'set' || filter.operator === 'notSet') return { member, operator: filter.operator };
  const values = substituteValues(filter.values, caller);
  // A value the caller's context cannot supply must not widen access: the filter then matches no row.
  if (values === undefined || values.length === 0) return matchNothingFilter(member);
  return { member, operator: filter.operator, values };
}

/**
 * Row-filter values with `{ securityContext.x }` and `{ userAttributes.x }` replaced: a value that is one
 * reference takes the referenced value (an array gives one value per item); references inside longer text
 * are spliced in. Undefined when a reference is missing or is not a scalar or an array of scalars.
 */
export function substituteValues(values: readonly string[], caller: AccessCaller): FilterValue[] | undefined {
  const substituted: FilterValue[] = [];
  for (const value of values) {
    const whole = wholeReferencePattern.exec(value);
    const wholeRoot = referenceRoot(whole?.[1] ?? '');
    if (whole !== null && wholeRoot !== undefined) {
      const scalars = referencedScalars(wholeRoot, whole[2] ?? '', caller);
      if (scalars === undefined) return undefined;
      substituted.push(...scalars);
      continue;
    }
    const spliced = spliceReferences(value, caller);
    if (spliced === undefined) return undefined;
    substituted.push(...spliced);
  }
  return substituted;
}

/** Text with references inside it: one result per combination of the referenced values. */
function spliceReferences(value: string, caller: AccessCaller): string[] | undefined {
  let results = [''];
  let lastIndex = 0;
  for (const match of value.matchAll(referencePattern)) {
    const root = referenceRoot(match[1] ?? '');
    // Text in braces that names neither root is not a reference and stays as written.
    if (root === undefined) continue;
    const scalars = referencedScalars(root, match[2] ?? '', caller);
    if (scalars === undefined) return undefined;
    const before = value.slice(lastIndex, match.index);
    results = results.flatMap((prefix) => scalars.map((scalar) => `${prefix}${before}${String(scalar)}`));
    lastIndex = match.index + match[0].length;
  }
  return results.map((prefix) => `${prefix}${value.slice(lastIndex)}`);
}

/** The values one reference gives: its scalar, or the scalars of its array; undefined when there are none. */
function referencedScalars(
  root: 'securityContext' | 'userAttributes',
  dottedPath: string,
  caller: AccessCaller,
): FilterValue[] | undefined {
  const value = lookupCallerValue(caller, root, dottedPath.slice(1).split('.'));
  const items = Array.isArray(value) ? value : [value];
  const scalars: FilterValue[] = [];
  for (const item of items) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') scalars.push(item);
    else if (item !== null && item !== undefined) return undefined;
  }
  return scalars.length === 0 ? undefined : scalars;
}
