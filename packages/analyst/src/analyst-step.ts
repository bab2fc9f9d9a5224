import type { AnalystMetadata, AnalystPlanOptions, AnalystQueryPlan } from './analyst-plan.types.js';
import {
  metadataToolName,
  readMetadataResult,
  readSqlInput,
  readSqlResult,
  sqlToolName,
} from './analyst-tool-results.js';
import { type AnalystTurn, lastCompletedCall } from './analyst-turn.js';
import { chooseSearchQuery } from './choose-search-query.js';
import { planInThread } from './plan-in-thread.js';
import { writeAnalystAnswer } from './write-analyst-answer.js';

/** What one call of the built-in model produces: some thinking, then a tool call or the answer. */
export type AnalystStep =
  | { readonly reasoning: string; readonly toolCall: { readonly toolName: string; readonly input: unknown } }
  | { readonly reasoning: string; readonly text: string };

/** Step one: search the metadata for the words of the question that may name members. */
function searchStep(turn: AnalystTurn): AnalystStep {
  const searchQuery = chooseSearchQuery(turn.question, turn.earlierQuestions);
  const reasoning =
    searchQuery === ''
      ? 'This is not a data question; I will list the data model to suggest what I can answer.'
      : `I will search the data model for "${searchQuery}" to find the measures and dimensions this needs.`;
  return { reasoning, toolCall: { toolName: metadataToolName, input: { searchQuery } } };
}

/** Step two: plan one query over the metadata found, or say why it cannot be answered. */
async function queryStep(
  turn: AnalystTurn,
  metadata: AnalystMetadata,
  context: AnalystPlanOptions,
): Promise<AnalystStep> {
  const { question } = turn;
  const plan = await planInThread(question, turn.earlierQuestions, metadata, context);
  if (plan.kind === 'cannot-answer') {
    return { reasoning: 'The data model does not let me answer this as asked.', text: plan.reason };
  }
  return {
    reasoning: `Plan: ${plan.description} I will run it as one SQL query.`,
    toolCall: {
      toolName: sqlToolName,
      input: {
        sqlQuery: plan.sqlQuery,
        queryTitle: plan.queryTitle,
        description: plan.description,
        userRequest: question,
      },
    },
  };
}

/**
 * The plan behind a query already run: planned again from the same metadata (the planner is
 * deterministic), or, when that no longer gives the same SQL, rebuilt from the call's own input.
 */
async function planOfQuery(
  turn: AnalystTurn,
  metadata: AnalystMetadata | undefined,
  input: unknown,
  context: AnalystPlanOptions,
): Promise<AnalystQueryPlan> {
  const called = readSqlInput(input);
  if (metadata !== undefined) {
    const plan = await planInThread(turn.question, turn.earlierQuestions, metadata, context);
    if (plan.kind === 'query' && plan.sqlQuery === called.sqlQuery) return plan;
  }
  return { kind: 'query', ...called, columns: [], scope: '' };
}

/** Decides the next step of the built-in analyst from where the turn stands. */
export async function decideAnalystStep(
  turn: AnalystTurn,
  context: AnalystPlanOptions,
  availableTools: ReadonlySet<string>,
): Promise<AnalystStep> {
  if (!availableTools.has(metadataToolName) || !availableTools.has(sqlToolName)) {
    return {
      reasoning: 'I have no tools to read the data with.',
      text: `I can only answer with the ${metadataToolName} and ${sqlToolName} tools, and this agent has not given me both.`,
    };
  }
  const search = lastCompletedCall(turn, metadataToolName);
  if (search === undefined) return searchStep(turn);
  if ('error' in search.outcome) {
    return {
      reasoning: 'The metadata search failed.',
      text: `I could not search the data model: ${search.outcome.error}`,
    };
  }
  const metadata = readMetadataResult(search.outcome.output);
  const query = lastCompletedCall(turn, sqlToolName);
  if (query === undefined) {
    if (metadata === undefined) {
      return {
        reasoning: 'The metadata search returned nothing I can read.',
        text: 'I could not read the data model: the metadata search returned no cubes or views.',
      };
    }
    return queryStep(turn, metadata, context);
  }
  const { queryTitle } = readSqlInput(query.input);
  if ('error' in query.outcome) {
    return {
      reasoning: 'The query failed, so I have no figures to report.',
      text: `The query "${queryTitle}" failed: ${query.outcome.error}`,
    };
  }
  const result = readSqlResult(query.outcome.output);
  if (result === undefined) {
    return {
      reasoning: 'The query result has no rows I can read.',
      text: `The query "${queryTitle}" returned a result I could not read.`,
    };
  }
  const plan = await planOfQuery(turn, metadata, query.input, context);
  const plural = result.totalRows === 1 ? 'row' : 'rows';
  return {
    reasoning: `The query returned ${result.totalRows} ${plural}; I will sum it up.`,
    text: writeAnalystAnswer(turn.question, plan, result, {
      timezone: context.timezone,
      ...(context.locale === undefined ? {} : { locale: context.locale }),
    }),
  };
}
