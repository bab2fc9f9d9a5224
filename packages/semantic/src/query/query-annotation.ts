import type { ResolvedMember } from '../compile/compiled-model.types.js';
import { memberValueType } from '../plan/member-value-type.js';
import type { ResolvedQuery } from '../plan/resolved-query.types.js';
import type { MemberAnnotation, QueryAnnotation } from './compiled-query.types.js';

function annotationOf(member: ResolvedMember, type: string): MemberAnnotation {
  return {
    title: member.title,
    shortTitle: member.shortTitle,
    type,
    ...(member.format === undefined ? {} : { format: member.format }),
  };
}

/** Titles and types keyed as the data rows are; a time dimension is keyed with and without its granularity. */
export function buildAnnotation(resolved: ResolvedQuery): QueryAnnotation {
  const annotation: QueryAnnotation = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const { path, member } of resolved.measures) {
    annotation.measures[path] = annotationOf(member, memberValueType(member.definition));
  }
  for (const { path, member } of resolved.dimensions) {
    annotation.dimensions[path] = annotationOf(member, memberValueType(member.definition));
  }
  for (const { path, member } of resolved.segments) {
    annotation.segments[path] = annotationOf(member, 'boolean');
  }
  for (const { path, member, granularity } of resolved.timeDimensions) {
    if (!granularity) continue;
    annotation.timeDimensions[`${path}.${granularity.name}`] = annotationOf(member, 'time');
    annotation.timeDimensions[path] ??= annotationOf(member, 'time');
  }
  return annotation;
}
