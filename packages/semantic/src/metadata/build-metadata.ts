import type { AccessScope } from '../access/access-scope.types.js';
import type { CompiledModel } from '../compile/compiled-model.types.js';
import { dimensionMetadata, measureMetadata, segmentMetadata } from './member-metadata.js';
import type {
  DimensionMetadata,
  MeasureMetadata,
  ModelMetadata,
  SegmentMetadata,
  SourceMetadata,
} from './model-metadata.types.js';

/**
 * The `meta` of a model for one caller: public cubes and views the scope shows, with their public members
 * the scope shows. Hidden things are left out, never flagged, so a caller cannot learn they exist.
 */
export function buildMetadata(model: CompiledModel, scope: AccessScope): ModelMetadata {
  const cubes: SourceMetadata[] = [];
  for (const source of model.sources.values()) {
    if (!source.isPublic || !scope.isSourceVisible(source.name)) continue;
    const measures: MeasureMetadata[] = [];
    const dimensions: DimensionMetadata[] = [];
    const segments: SegmentMetadata[] = [];
    for (const member of source.members) {
      if (!member.isPublic || !scope.isMemberVisible(member.path)) continue;
      const definition = member.definition;
      if (definition.kind === 'measure') measures.push(measureMetadata(member, definition));
      else if (definition.kind === 'dimension') dimensions.push(dimensionMetadata(member, definition));
      else segments.push(segmentMetadata(member));
    }
    cubes.push({
      name: source.name,
      type: source.kind,
      title: source.title,
      ...(source.description === undefined ? {} : { description: source.description }),
      isVisible: true,
      public: true,
      ...(Object.keys(source.meta).length === 0 ? {} : { meta: source.meta }),
      measures,
      dimensions,
      segments,
    });
  }
  return { cubes };
}
