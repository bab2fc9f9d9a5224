import type { ResolvedMember } from '../compile/compiled-model.types.js';
import { humanizeName } from '../compile/humanize-name.js';
import type { Dimension, Measure } from '../model/member.types.js';
import type {
  DimensionMetadata,
  MeasureMetadata,
  MetadataValueType,
  SegmentMetadata,
} from './model-metadata.types.js';

/** The value type of a measure's column: aggregates are numbers, unless the measure says otherwise. */
export function measureValueType(measure: Measure): MetadataValueType {
  return measure.type === 'string' || measure.type === 'time' || measure.type === 'boolean'
    ? measure.type
    : 'number';
}

/** `count_distinct_approx` → `countDistinctApprox`, as Cube's meta spells measure types. */
export function aggregationType(measure: Measure): string {
  return measure.type.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Title, description, meta and synonyms, each only when the member has it. */
function described(member: ResolvedMember) {
  return {
    name: member.path,
    title: member.title,
    shortTitle: member.shortTitle,
    ...(member.description === undefined ? {} : { description: member.description }),
    isVisible: true as const,
    public: true as const,
  };
}

function extras(member: ResolvedMember) {
  return {
    ...(member.format === undefined ? {} : { format: member.format }),
    ...(Object.keys(member.meta).length === 0 ? {} : { meta: member.meta }),
    ...(member.synonyms.length === 0 ? {} : { synonyms: member.synonyms }),
  };
}

export function measureMetadata(member: ResolvedMember, measure: Measure): MeasureMetadata {
  return {
    ...described(member),
    type: measureValueType(measure),
    aggType: aggregationType(measure),
    cumulative: measure.rollingWindow !== undefined,
    ...extras(member),
  };
}

export function dimensionMetadata(member: ResolvedMember, dimension: Dimension): DimensionMetadata {
  const granularities = dimension.granularities.map((granularity) => ({
    name: granularity.name,
    title: granularity.title ?? humanizeName(granularity.name),
    interval: granularity.interval,
    ...(granularity.offset === undefined ? {} : { offset: granularity.offset }),
    ...(granularity.origin === undefined ? {} : { origin: granularity.origin }),
  }));
  return {
    ...described(member),
    type: dimension.type,
    primaryKey: dimension.isPrimaryKey,
    ...(granularities.length === 0 ? {} : { granularities }),
    ...extras(member),
  };
}

export function segmentMetadata(member: ResolvedMember): SegmentMetadata {
  return {
    ...described(member),
    ...(Object.keys(member.meta).length === 0 ? {} : { meta: member.meta }),
  };
}
