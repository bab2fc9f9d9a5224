import type { Cube, Join, JoinRelationship } from '../model/cube.types.js';

/** A declared join, walked from `from` to `to`; a join is walkable in both directions. */
export interface JoinEdge {
  readonly from: string;
  readonly to: string;
  /** Seen from `from`: walking a `many_to_one` join backwards is `one_to_many`. */
  readonly relationship: JoinRelationship;
  readonly join: Join;
  /** The cube whose `joins` declares it: `{CUBE}` in the join's sql is this cube. */
  readonly declaredBy: string;
}

const reversed: Readonly<Record<JoinRelationship, JoinRelationship>> = {
  many_to_one: 'one_to_many',
  one_to_many: 'many_to_one',
  one_to_one: 'one_to_one',
};

/** The edge into each reached cube on its shortest path from the root. */
type ShortestPathTree = ReadonlyMap<string, JoinEdge | null>;

/**
 * The cubes and their declared joins as an undirected graph. Neighbours are ordered by declaration: a
 * cube's own joins first, then joins other cubes declare to it in model order, so breadth-first search
 * breaks ties between equally short paths deterministically.
 */
export class JoinGraph {
  private readonly edgesByCube = new Map<string, JoinEdge[]>();
  private readonly treesByRoot = new Map<string, ShortestPathTree>();

  constructor(cubes: ReadonlyMap<string, Cube>) {
    for (const name of cubes.keys()) this.edgesByCube.set(name, []);
    for (const cube of cubes.values()) {
      for (const join of cube.joins) {
        if (!cubes.has(join.name) || join.name === cube.name) continue;
        this.edgesByCube.get(cube.name)?.push({
          from: cube.name,
          to: join.name,
          relationship: join.relationship,
          join,
          declaredBy: cube.name,
        });
      }
    }
    for (const cube of cubes.values()) {
      for (const join of cube.joins) {
        if (!cubes.has(join.name) || join.name === cube.name) continue;
        this.edgesByCube.get(join.name)?.push({
          from: join.name,
          to: cube.name,
          relationship: reversed[join.relationship],
          join,
          declaredBy: cube.name,
        });
      }
    }
  }

  /** The first declared edge between two cubes, either way; undefined when they are not joined. */
  edgeBetween(from: string, to: string): JoinEdge | undefined {
    return this.edgesByCube.get(from)?.find((edge) => edge.to === to);
  }

  /** Edges of a shortest path from `root` to `target` (empty when equal), or undefined when unreachable. */
  shortestPath(root: string, target: string): JoinEdge[] | undefined {
    const tree = this.treeOf(root);
    if (!tree.has(target)) return undefined;
    const path: JoinEdge[] = [];
    let edge = tree.get(target);
    while (edge) {
      path.push(edge);
      edge = tree.get(edge.from);
    }
    return path.reverse();
  }

  /** The cubes a query rooted at `root` can join, nearest first (`root` itself left out). */
  reachableFrom(root: string): string[] {
    return [...this.treeOf(root).keys()].filter((cube) => cube !== root);
  }

  private treeOf(root: string): ShortestPathTree {
    const cached = this.treesByRoot.get(root);
    if (cached) return cached;
    const tree = new Map<string, JoinEdge | null>([[root, null]]);
    const queue = [root];
    for (let index = 0; index < queue.length; index += 1) {
      const cube = queue[index] as string;
      for (const edge of this.edgesByCube.get(cube) ?? []) {
        if (tree.has(edge.to)) continue;
        tree.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
    this.treesByRoot.set(root, tree);
    return tree;
  }
}
