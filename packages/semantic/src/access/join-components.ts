import type { CompiledModel } from '../compile/compiled-model.types.js';

const componentsByModel = new WeakMap<CompiledModel, ReadonlyMap<string, number>>();

/**
 * The connected component of each cube in the join graph, joins taken in both directions: a query on some
 * cubes can only join through cubes of their components, whichever join path the compiler picks.
 */
export function cubeJoinComponents(model: CompiledModel): ReadonlyMap<string, number> {
  const cached = componentsByModel.get(model);
  if (cached !== undefined) return cached;
  const neighbours = new Map<string, string[]>();
  const link = (from: string, to: string) => {
    if (!model.cubes.has(from) || !model.cubes.has(to)) return;
    const list = neighbours.get(from) ?? [];
    list.push(to);
    neighbours.set(from, list);
  };
  for (const cube of model.cubes.values()) {
    for (const join of cube.joins) {
      link(cube.name, join.name);
      link(join.name, cube.name);
    }
  }
  const components = new Map<string, number>();
  let component = 0;
  for (const start of model.cubes.keys()) {
    if (components.has(start)) continue;
    const pending = [start];
    components.set(start, component);
    for (let cubeName = pending.pop(); cubeName !== undefined; cubeName = pending.pop()) {
      for (const next of neighbours.get(cubeName) ?? []) {
        if (components.has(next)) continue;
        components.set(next, component);
        pending.push(next);
      }
    }
    component += 1;
  }
  componentsByModel.set(model, components);
  return components;
}
