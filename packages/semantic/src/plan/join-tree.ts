import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { JoinEdge, JoinGraph } from './join-graph.js';

/** The cubes a query reads, joined from its root; each non-root cube has the edge from its parent. */
export class JoinTree {
  /** Parents come before their children, the order joins are written in. */
  private readonly edges = new Map<string, JoinEdge | null>();

  constructor(
    private readonly graph: JoinGraph,
    readonly root: string,
  ) {
    this.edges.set(root, null);
  }

  get cubes(): string[] {
    return [...this.edges.keys()];
  }

  has(cubeName: string): boolean {
    return this.edges.has(cubeName);
  }

  edgeInto(cubeName: string): JoinEdge | undefined {
    return this.edges.get(cubeName) ?? undefined;
  }

  /** Joins a cube along the shortest declared path from the root; cubes already joined are reused. */
  addCube(cubeName: string): void {
    if (this.edges.has(cubeName)) return;
    const path = this.graph.shortestPath(this.root, cubeName);
    if (!path) {
      throw new SemanticQueryError(
        `cannot join \`${this.root}\` and \`${cubeName}\`: no join path exists between these cubes; declare a join between them or query them separately`,
      );
    }
    for (const edge of path) this.attach(edge);
  }

  /** Joins the cubes of a view's join path (`orders`, `users`, `countries`) in order. */
  addViewPath(viewName: string, joinPath: readonly string[]): void {
    const [first] = joinPath;
    if (first !== undefined) this.addCube(first);
    for (let index = 1; index < joinPath.length; index += 1) {
      const from = joinPath[index - 1] as string;
      const to = joinPath[index] as string;
      if (this.edges.has(to)) continue;
      const edge = this.graph.edgeBetween(from, to);
      if (!edge) {
        throw new SemanticQueryError(
          `view \`${viewName}\` joins \`${from}\` to \`${to}\`, but no join between these cubes is declared`,
        );
      }
      this.attach(edge);
    }
  }

  /**
   * Cubes whose rows the joins repeat: for every join, the side seen as "one" (the cube on the
   * many_to_one end, with everything joined beyond it) is repeated once per row of the "many" side.
   */
  multipliedCubes(): Set<string> {
    const children = new Map<string, string[]>();
    for (const [cube, edge] of this.edges) {
      if (edge) children.set(edge.from, [...(children.get(edge.from) ?? []), cube]);
    }
    const subtree = (cube: string): string[] => [cube, ...(children.get(cube) ?? []).flatMap(subtree)];
    const multiplied = new Set<string>();
    for (const [cube, edge] of this.edges) {
      if (!edge || edge.relationship === 'one_to_one') continue;
      const below = subtree(cube);
      const oneSide =
        edge.relationship === 'many_to_one' ? below : this.cubes.filter((name) => !below.includes(name));
      for (const name of oneSide) multiplied.add(name);
    }
    return multiplied;
  }

  private attach(edge: JoinEdge): void {
    if (!this.edges.has(edge.to)) this.edges.set(edge.to, edge);
  }
}
