import type {
  AnalystMetadata,
  AnalystPlan,
  AnalystPlanOptions,
  AnalystRefusal,
} from './analyst-plan.types.js';
import { changeQueryParts } from './change-query-parts.js';
import { maximumThreadDepth, readFollowUpLead } from './follow-up-lead.js';
import { readGroupPhrases } from './group-phrases.js';
import { todayIn } from './local-calendar.js';
import { chooseMeasure } from './measure-matching.js';
import { wordedSources } from './member-words.js';
import { planQueryParts, type QueryParts } from './plan-analyst-query.js';
import { buildQueryPlan } from './query-plan.builder.js';
import { QuestionTokens } from './question-tokens.js';
import { readRanking } from './ranking-phrases.js';
import { readTimeIntent } from './time-phrases.js';

type Parts = QueryParts | AnalystRefusal;

/**
 * The sources with a measure the question names by its own words (not its follow-up words, dates,
 * ranking or `by` phrases); with `isOwnNameOnly`, not by its source's words alone ("orders").
 */
function namingSources(
  question: string,
  metadata: AnalystMetadata,
  options: AnalystPlanOptions,
  isOwnNameOnly: boolean,
): Set<string> {
  const tokens = new QuestionTokens(question);
  readFollowUpLead(tokens);
  readTimeIntent(tokens, todayIn(options.now, options.timezone));
  const ranking = readRanking(tokens);
  const grouped = new Set(
    readGroupPhrases(tokens, ranking)
      .filter((phrase) => phrase.kind === 'by')
      .flatMap((phrase) => phrase.indexes),
  );
  const indexes = tokens.freeIndexes().filter((index) => !grouped.has(index));
  const names = new Set<string>();
  for (const source of wordedSources(metadata.cubes)) {
    const { best } = chooseMeasure(source, tokens, indexes, new Set());
    const isNamed = best !== undefined && best.tokenIndexes.length > 0;
    if (isNamed && !(isOwnNameOnly && best.measure.isNamedBySource)) names.add(source.source.name);
  }
  return names;
}

/**
 * Plans each question of a thread once, in order: a question with a follow-up lead ("and by month?",
 * "what about 2023?") or one that names no measure of its own changes the query of the latest earlier
 * question that had one; any other question is planned on its own.
 */
class ThreadPlanner {
  private readonly planned = new Map<number, Promise<Parts>>();

  constructor(
    private readonly questions: readonly string[],
    private readonly metadata: AnalystMetadata,
    private readonly options: AnalystPlanOptions,
  ) {}

  partsAt(position: number): Promise<Parts> {
    const known = this.planned.get(position);
    if (known !== undefined) return known;
    const parts = this.plan(position);
    this.planned.set(position, parts);
    return parts;
  }

  private async plan(position: number): Promise<Parts> {
    const question = this.questions[position] ?? '';
    const isFollowUp =
      position > 0 &&
      (readFollowUpLead(new QuestionTokens(question)).isFollowUp ||
        namingSources(question, this.metadata, this.options, false).size === 0);
    if (!isFollowUp) return planQueryParts(question, this.metadata, this.options);
    const previous = await this.previousParts(position);
    if (previous === undefined) return planQueryParts(question, this.metadata, this.options);
    const measureSources = namingSources(question, this.metadata, this.options, true);
    if (measureSources.size === 0 || measureSources.has(previous.reading.source.source.name)) {
      return changeQueryParts(question, previous, this.options);
    }
    // why: "what about revenue?" after "orders by channel" asks the previous question of a source that
    // has revenue; planned there from its own words, it keeps its groupings, period and filters.
    const elsewhere = new ThreadPlanner(
      this.questions.slice(0, position),
      { cubes: this.metadata.cubes.filter((source) => measureSources.has(source.name)) },
      this.options,
    );
    const moved = await elsewhere.previousParts(position);
    return changeQueryParts(question, moved ?? previous, this.options);
  }

  /** The query of the latest earlier question that had one; refused questions are no context. */
  private async previousParts(position: number): Promise<QueryParts | undefined> {
    for (let earlier = position - 1; earlier >= 0; earlier -= 1) {
      const parts = await this.partsAt(earlier);
      if (parts.kind === 'parts') return parts;
    }
    return undefined;
  }
}

/**
 * Plans a question of a thread (`earlierQuestions` oldest first): a follow-up changes the previous
 * question's query; a question of its own is planned as `planAnalystQuery` would.
 */
export async function planInThread(
  question: string,
  earlierQuestions: readonly string[],
  metadata: AnalystMetadata,
  options: AnalystPlanOptions,
): Promise<AnalystPlan> {
  const questions = [...earlierQuestions.slice(-maximumThreadDepth), question];
  const parts = await new ThreadPlanner(questions, metadata, options).partsAt(questions.length - 1);
  if (parts.kind === 'cannot-answer') return parts;
  return buildQueryPlan(parts.reading, parts.time, parts.ranking, parts.filters);
}
