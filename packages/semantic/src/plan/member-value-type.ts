import type { Member } from '../model/member.types.js';
import type { QueryColumnType } from '../query/compiled-query.types.js';

const nonNumericMeasureTypes = new Set<string>(['string', 'time', 'boolean']);

/** The type of a member's values: dimensions by type (geo is text), measures numeric unless typed otherwise. */
export function memberValueType(member: Member): QueryColumnType {
  if (member.kind === 'dimension') return member.type === 'geo' ? 'string' : member.type;
  if (member.kind === 'measure' && nonNumericMeasureTypes.has(member.type)) {
    return member.type as QueryColumnType;
  }
  return member.kind === 'segment' ? 'boolean' : 'number';
}
