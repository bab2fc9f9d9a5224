import type { Cube } from '../model/cube.types.js';
import type { View } from '../model/view.types.js';
import { suggestName } from '../parse/suggest-name.js';
import type { ValidationContext } from './validation-context.js';

/**
 * Applies `extends` (to any depth): the child gets every member of its parent that it does not redefine,
 * and every field it did not write. Unknown parents and cycles are reported; such a node stays as written.
 */
export function applyExtends<Node extends Cube | View>(
  nodes: readonly Node[],
  otherKindNames: ReadonlySet<string>,
  merge: (parent: Node, child: Node) => Node,
  context: ValidationContext,
): Node[] {
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const resolved = new Map<string, Node>();
  const resolve = (node: Node, chain: readonly string[]): Node => {
    const done = resolved.get(node.name);
    if (done !== undefined) return done;
    let result = node;
    const parentName = node.extends;
    const parent = parentName === undefined ? undefined : byName.get(parentName);
    if (parentName !== undefined && parent === undefined) {
      if (!context.isRejected(parentName))
        context.report(
          node.location,
          unknownParentMessage(node, parentName, byName, otherKindNames),
          'extends',
        );
    } else if (parent !== undefined && (parent.name === node.name || chain.includes(parent.name))) {
      const loop = parent.name === node.name ? [] : chain.slice(chain.indexOf(parent.name));
      const cycle = [node.name, ...loop, node.name].join(' → ');
      context.report(node.location, `${node.kind} \`${node.name}\` extends itself: ${cycle}`, 'extends');
    } else if (parent !== undefined) {
      const extendedParent = resolve(parent, [...chain, node.name]);
      result = merge(extendedParent, node);
    }
    resolved.set(node.name, result);
    return result;
  };
  return nodes.map((node) => resolve(node, []));
}

function unknownParentMessage(
  node: Cube | View,
  parentName: string,
  byName: ReadonlyMap<string, unknown>,
  otherKindNames: ReadonlySet<string>,
): string {
  if (otherKindNames.has(parentName)) {
    const otherKind = node.kind === 'cube' ? 'a view' : 'a cube';
    return `${node.kind} \`${node.name}\` extends \`${parentName}\`, which is ${otherKind}; a ${node.kind} can only extend a ${node.kind}`;
  }
  const suggestion = suggestName(parentName, [...byName.keys()]);
  const hint = suggestion === undefined ? '' : `; did you mean \`${suggestion}\`?`;
  return `${node.kind} \`${node.name}\` extends unknown ${node.kind} \`${parentName}\`${hint}`;
}

export function mergeCubes(parent: Cube, child: Cube): Cube {
  const declared = new Set(child.declaredKeys);
  const childSetsSource = declared.has('sql') || declared.has('sql_table');
  const childMemberNames = new Set(
    [...child.measures, ...child.dimensions, ...child.segments].map(({ name }) => name),
  );
  const inherited = <Member extends { readonly name: string }>(members: readonly Member[]): Member[] =>
    members.filter((member) => !childMemberNames.has(member.name));
  return {
    ...child,
    ...mergeDescribable(parent, child, declared),
    sqlTable: childSetsSource ? child.sqlTable : parent.sqlTable,
    sql: childSetsSource ? child.sql : parent.sql,
    dataSource: declared.has('data_source') ? child.dataSource : parent.dataSource,
    refreshKey: declared.has('refresh_key') ? child.refreshKey : parent.refreshKey,
    // `sql_alias` is not inherited: two cubes with one alias would clash in generated SQL.
    measures: mergeByName(inherited(parent.measures), child.measures),
    dimensions: mergeByName(inherited(parent.dimensions), child.dimensions),
    segments: mergeByName(inherited(parent.segments), child.segments),
    joins: mergeByName(parent.joins, child.joins),
    preAggregations: mergeByName(parent.preAggregations, child.preAggregations),
    hierarchies: mergeByName(parent.hierarchies, child.hierarchies),
    folders: declared.has('folders') ? child.folders : parent.folders,
    accessPolicies: declared.has('access_policy') ? child.accessPolicies : parent.accessPolicies,
  };
}

/** A view extending another adds its `cubes` entries to the parent's. */
export function mergeViews(parent: View, child: View): View {
  const declared = new Set(child.declaredKeys);
  return {
    ...child,
    ...mergeDescribable(parent, child, declared),
    cubes: [...parent.cubes, ...child.cubes],
    folders: declared.has('folders') ? child.folders : parent.folders,
    accessPolicies: declared.has('access_policy') ? child.accessPolicies : parent.accessPolicies,
  };
}

function mergeDescribable(parent: Cube | View, child: Cube | View, declared: ReadonlySet<string>) {
  return {
    title: declared.has('title') ? child.title : parent.title,
    description: declared.has('description') ? child.description : parent.description,
    isPublic: declared.has('public') || declared.has('shown') ? child.isPublic : parent.isPublic,
    meta: declared.has('meta') ? child.meta : parent.meta,
    synonyms: declared.has('meta') ? child.synonyms : parent.synonyms,
  };
}

/** Parent items in their order, each replaced by the child's item of the same name; then the child's new items. */
function mergeByName<Item extends { readonly name: string }>(
  parentItems: readonly Item[],
  childItems: readonly Item[],
): Item[] {
  const childByName = new Map(childItems.map((item) => [item.name, item]));
  const parentNames = new Set(parentItems.map((item) => item.name));
  return [
    ...parentItems.map((item) => childByName.get(item.name) ?? item),
    ...childItems.filter((item) => !parentNames.has(item.name)),
  ];
}
