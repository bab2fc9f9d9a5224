import type { AnalystPlanOptions } from './analyst-plan.types.js';
import { fillerWords } from './analyst-vocabulary.js';
import { isIdentifier, isSearchableValue, spansOf } from './filter-matching.js';
import type { WordedMember, WordedSource } from './member-words.js';
import { QuestionTokens } from './question-tokens.js';

/** A value the question names that lives on a dimension the queried source cannot filter on. */
export interface UnreachedValue {
  readonly words: string;
  readonly member: WordedMember;
  readonly owner: WordedSource;
}

/** Lookups spent on this check: it runs only when free words remain after every other reading. */
const maximumLookups = 40;

/**
 * "Payments by method for orders placed on the web" read on payments alone: "web" is a value of the
 * orders' channel, which payments cannot filter on without a join. Answering without it would answer
 * another question, so the reading gives way (to a join, a view, or an honest refusal). `others` are the
 * sources of the metadata the reading does not reach, nearest first.
 */
export async function findUnreachedValue(
  tokens: QuestionTokens,
  others: readonly WordedSource[],
  lookupValues: AnalystPlanOptions['lookupValues'],
): Promise<UnreachedValue | undefined> {
  const free = tokens.freeIndexes().filter((index) => !fillerWords.has(tokens.lowerAt(index) ?? ''));
  if (free.length === 0) return undefined;
  const candidates = others
    .flatMap((owner) =>
      owner.members
        .filter((member) => member.member.kind === 'dimension' && member.member.type === 'string')
        .filter((member) => !isIdentifier(member))
        .map((member) => ({ member, owner })),
    )
    .filter(
      (candidate, index, all) =>
        all.findIndex((other) => other.member.member.name === candidate.member.member.name) === index,
    )
    .slice(0, maximumLookups);
  const lookups = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        return await lookupValues(candidate.member.member.name);
      } catch {
        // why: a failed lookup only means this check knows less; the other checks still run.
        return [];
      }
    }),
  );
  for (const [order, candidate] of candidates.entries()) {
    for (const value of lookups[order] ?? []) {
      const words = new QuestionTokens(value).tokens.map((token) => token.lower);
      if (!isSearchableValue(words)) continue;
      const span = spansOf(tokens, words).find((found) =>
        free.some((index) => index >= found.start && index < found.end),
      );
      if (span !== undefined) return { words: value, ...candidate };
    }
  }
  return undefined;
}
