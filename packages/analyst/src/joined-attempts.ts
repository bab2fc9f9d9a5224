import { reachableSources } from './joined-sources.js';
import type { WordedSource } from './member-words.js';
import { answeringReadings, type QuestionReading, readSource, type SourceReading } from './source-reading.js';

/** One reading to try: `reachable` cubes may take its filters; `known` cubes' names are no unknown values. */
export interface ReadingAttempt {
  readonly reading: SourceReading;
  readonly reachable: readonly WordedSource[];
  readonly known: readonly WordedSource[];
}

/**
 * The readings to try, best first: each source alone, and each cube with the cubes it joins (a `by` phrase
 * may then name a joined dimension, a value may be a joined dimension's). On equal scores a source alone
 * comes first, so a source (a view) holding every member the question names answers without a join, and
 * no join is written that is not needed.
 */
export function readingAttempts(
  sources: readonly WordedSource[],
  question: QuestionReading,
  readings: readonly SourceReading[],
  maximumAttempts: number,
): ReadingAttempt[] {
  const joining = sources.map((source) => reachableSources(source, sources));
  const joinsOf = (reading: SourceReading) => joining[reading.source.rank] ?? [];
  const alone = answeringReadings(readings)
    .slice(0, maximumAttempts)
    .map((reading) => ({ reading, reachable: [], known: joinsOf(reading) }));
  const joined = answeringReadings(
    sources.map((source, index) => readSource(source, question, joining[index])),
  )
    .filter((reading) => joinsOf(reading).length > 0)
    .slice(0, maximumAttempts)
    .map((reading) => ({ reading, reachable: joinsOf(reading), known: joinsOf(reading) }));
  return [...alone, ...joined]
    .map((attempt, order) => ({ attempt, order }))
    .sort(
      (left, right) => right.attempt.reading.score - left.attempt.reading.score || left.order - right.order,
    )
    .map(({ attempt }) => attempt);
}
