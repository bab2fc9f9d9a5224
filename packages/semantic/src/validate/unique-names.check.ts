import type { Cube } from '../model/cube.types.js';
import type { DataModel } from '../model/data-model.types.js';
import type { SourceLocation } from '../model/source-location.types.js';
import type { View } from '../model/view.types.js';
import { describeNode, type ValidationContext } from './validation-context.js';

export interface UniqueNodes {
  readonly cubes: Cube[];
  readonly views: View[];
}

/**
 * Cubes and views share one namespace across all files. The first definition wins; later ones are
 * reported and left out, so the checks that follow do not repeat the same error for each copy.
 */
export function checkUniqueNames(model: DataModel, context: ValidationContext): UniqueNodes {
  const seen = new Map<string, Cube | View>();
  const keep = <Node extends Cube | View>(node: Node): boolean => {
    const first = seen.get(node.name);
    if (first === undefined) {
      seen.set(node.name, node);
      return true;
    }
    context.report(
      node.location,
      `${describeNode(node)} is defined more than once; the first definition is ${describeNode(first)} at ${where(first.location)}`,
      'name',
    );
    return false;
  };
  return { cubes: model.cubes.filter(keep), views: model.views.filter(keep) };
}

/** Measures, dimensions and segments of a cube share one namespace; so do its joins, and so on. */
export function checkUniqueMemberNames(cube: Cube, context: ValidationContext): void {
  const members = [...cube.measures, ...cube.dimensions, ...cube.segments].sort(byPosition);
  reportDuplicates(members, context, (member, first) => {
    const firstKind = first.kind === member.kind ? 'another' : `the ${first.kind}`;
    return `${member.kind} \`${cube.name}.${member.name}\` has the same name as ${firstKind} at ${where(first.location)}; measures, dimensions and segments of a cube need distinct names`;
  });
  reportDuplicates(
    cube.joins,
    context,
    (join) => `cube \`${cube.name}\` joins \`${join.name}\` more than once`,
  );
  reportDuplicates(
    cube.preAggregations,
    context,
    (preAggregation) =>
      `cube \`${cube.name}\` has more than one pre-aggregation named \`${preAggregation.name}\``,
  );
  reportDuplicates(
    cube.hierarchies,
    context,
    (hierarchy) => `cube \`${cube.name}\` has more than one hierarchy named \`${hierarchy.name}\``,
  );
  for (const dimension of cube.dimensions) {
    reportDuplicates(
      dimension.granularities,
      context,
      (granularity) =>
        `dimension \`${cube.name}.${dimension.name}\` has more than one granularity named \`${granularity.name}\``,
    );
  }
}

function reportDuplicates<Node extends { readonly name: string; readonly location: SourceLocation }>(
  nodes: readonly Node[],
  context: ValidationContext,
  message: (node: Node, first: Node) => string,
): void {
  const seen = new Map<string, Node>();
  for (const node of nodes) {
    const first = seen.get(node.name);
    if (first === undefined) seen.set(node.name, node);
    else context.report(node.location, message(node, first), 'name');
  }
}

function byPosition(left: { location: SourceLocation }, right: { location: SourceLocation }): number {
  return left.location.line - right.location.line || left.location.column - right.location.column;
}

export function where(location: SourceLocation): string {
  return `${location.fileName}:${location.line}`;
}
