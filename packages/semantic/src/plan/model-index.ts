import type { CompiledModel } from '../compile/compiled-model.types.js';
import type { SqlDialect } from '../dialect/sql-dialect.types.js';
import { JoinGraph } from './join-graph.js';
import { MemberSql } from './member-sql.js';

/** What the planner derives from a model once and reuses for every query on it. */
export interface ModelIndex {
  readonly graph: JoinGraph;
  memberSql(dialect: SqlDialect): MemberSql;
  /** Member paths of a source, for "did you mean" hints. */
  memberNamesOf(sourceName: string): readonly string[];
  readonly sourceNames: readonly string[];
}

const indexes = new WeakMap<CompiledModel, ModelIndex>();

function createModelIndex(model: CompiledModel): ModelIndex {
  let graph: JoinGraph | undefined;
  const renderers = new Map<SqlDialect, MemberSql>();
  const memberNames = new Map<string, readonly string[]>();
  return {
    get graph() {
      graph ??= new JoinGraph(model.cubes);
      return graph;
    },
    memberSql(dialect) {
      let renderer = renderers.get(dialect);
      if (!renderer) {
        renderer = new MemberSql(model, dialect);
        renderers.set(dialect, renderer);
      }
      return renderer;
    },
    memberNamesOf(sourceName) {
      let names = memberNames.get(sourceName);
      if (!names) {
        names = model.sources.get(sourceName)?.members.map((member) => member.name) ?? [];
        memberNames.set(sourceName, names);
      }
      return names;
    },
    sourceNames: [...model.sources.keys()],
  };
}

/** The model's index, built lazily on first use and kept as long as the model is. */
export function modelIndexOf(model: CompiledModel): ModelIndex {
  let index = indexes.get(model);
  if (!index) {
    index = createModelIndex(model);
    indexes.set(model, index);
  }
  return index;
}
