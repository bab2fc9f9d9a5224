import { scimError } from './scim-error.js';

/** A filter this service answers: one attribute compared for equality with a string. */
export interface ScimEqualityFilter {
  /** The attribute as lower case (SCIM attribute names are case-insensitive). */
  attribute: string;
  value: string;
}

const equalityPattern = /^\s*([A-Za-z][A-Za-z0-9.:_-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * Parses `<attribute> eq "<value>"` for one of `attributes` (what identity providers send to find a
 * resource before creating it); any other filter is a 400 `invalidFilter`, never a silently wrong list.
 */
export function parseEqualityFilter(filter: string, attributes: readonly string[]): ScimEqualityFilter {
  const match = equalityPattern.exec(filter);
  const attribute = match?.[1]?.toLowerCase();
  if (!match || attribute === undefined || !attributes.includes(attribute)) {
    throw scimError(
      'BAD_REQUEST',
      `unsupported filter ${JSON.stringify(filter)}: use ${attributes.map((name) => `${name} eq "…"`).join(', or ')}`,
      'invalidFilter',
    );
  }
  let value: string;
  try {
    value = JSON.parse(`"${match[2]}"`) as string;
  } catch {
    throw scimError('BAD_REQUEST', `the filter's value is not a valid string: ${filter}`, 'invalidFilter');
  }
  return { attribute, value };
}

/** `startIndex` (1-based, below 1 reads as 1) and `count` (below 0 reads as 0, at most `maximum`). */
export function listWindowOf(
  query: { startIndex?: number | undefined; count?: number | undefined },
  maximum: number,
) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(maximum, Math.max(0, query.count ?? maximum));
  return { startIndex, offset: startIndex - 1, limit: count };
}
