import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { MemberSql } from './member-sql.js';
import type { AggregateLeaf, MeasureSql } from './member-sql.types.js';

/**
 * Where aggregates are computed. The main stage aggregates over the joined rows; a cube stage
 * aggregates one multiplied cube over its distinct rows per group of dimension values.
 */
export interface QueryStage {
  /** Absent for the main stage. */
  readonly cubeName?: string;
  readonly leaves: AggregateLeaf[];
}

export interface FanOutPlan {
  readonly stages: readonly QueryStage[];
  readonly stageOfLeaf: ReadonlyMap<string, number>;
  /** True when some aggregate needs a cube stage; false means one plain GROUP BY query is exact. */
  readonly isFannedOut: boolean;
}

/**
 * Places every aggregate: in the main stage when its cube's rows are not repeated by the joins (or when
 * repetition cannot change it: min, max, distinct counts), else in a stage of its own cube, which needs a
 * primary key to tell the cube's rows apart.
 */
export function planFanOut(
  measures: readonly MeasureSql[],
  multiplied: ReadonlySet<string>,
  memberSql: MemberSql,
): FanOutPlan {
  const main: QueryStage = { leaves: [] };
  const cubeStages = new Map<string, QueryStage>();
  const placed = new Map<string, QueryStage>();
  for (const measure of measures) {
    for (const leaf of measure.leaves) {
      if (placed.has(leaf.key)) continue;
      if (!multiplied.has(leaf.cubeName) || leaf.isDuplicationSafe) {
        main.leaves.push(leaf);
        placed.set(leaf.key, main);
        continue;
      }
      checkCubeStage(leaf, memberSql);
      let stage = cubeStages.get(leaf.cubeName);
      if (!stage) {
        stage = { cubeName: leaf.cubeName, leaves: [] };
        cubeStages.set(leaf.cubeName, stage);
      }
      stage.leaves.push(leaf);
      placed.set(leaf.key, stage);
    }
  }
  const stages = [...(main.leaves.length > 0 || cubeStages.size === 0 ? [main] : []), ...cubeStages.values()];
  const stageOfLeaf = new Map<string, number>();
  for (const [key, stage] of placed) stageOfLeaf.set(key, stages.indexOf(stage));
  return { stages, stageOfLeaf, isFannedOut: cubeStages.size > 0 };
}

function checkCubeStage(leaf: AggregateLeaf, memberSql: MemberSql): void {
  const cubeName = leaf.cubeName;
  if (memberSql.primaryKeys(cubeName).length === 0) {
    throw new SemanticQueryError(
      `the joins of this query repeat the rows of cube \`${cubeName}\`, so its measures would be counted several times; declare a primary_key dimension on \`${cubeName}\` so they can be computed over distinct rows`,
    );
  }
  const keyCubes = memberSql.primaryKeys(cubeName).flatMap((key) => memberSql.dimension(cubeName, key).cubes);
  const foreign = [...new Set([...leaf.cubes, ...keyCubes])].filter((cube) => cube !== cubeName);
  if (foreign.length > 0) {
    throw new SemanticQueryError(
      `a measure of cube \`${cubeName}\` reads \`${foreign.join('`, `')}\` while the joins of this query repeat \`${cubeName}\` rows; such measures cannot be computed without double counting`,
    );
  }
}
