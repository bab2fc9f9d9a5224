import { type DimensionCandidate, matchDimension } from './dimension-matching.js';
import type { GroupPhrase } from './group-phrases.js';
import type { WordedSource } from './member-words.js';
import type { QuestionTokens } from './question-tokens.js';

/** A joined dimension counts less than the source's own, so a source (a view) that holds it wins. */
const joinedFactor = 0.5;

/**
 * The dimension of a joined cube a `by` phrase names with all its words ("by customer country"). When
 * cubes of two kinds fit as well ("by country": the customer's or the store's?), none is chosen: the
 * phrase stays unexplained rather than grouped by a guess.
 */
export function matchJoinedDimension(
  reachable: readonly WordedSource[],
  tokens: QuestionTokens,
  phrase: GroupPhrase,
): DimensionCandidate | undefined {
  const complete = reachable.flatMap((owner) => {
    const candidate = matchDimension(owner, tokens, phrase);
    return candidate?.isComplete === true && candidate.dimension.member.type !== 'time' ? [candidate] : [];
  });
  const best = Math.max(...complete.map((candidate) => candidate.score));
  const [first, second] = complete.filter((candidate) => candidate.score >= best - 1e-9);
  if (first === undefined || second !== undefined) return undefined;
  return { ...first, score: first.score * joinedFactor };
}
