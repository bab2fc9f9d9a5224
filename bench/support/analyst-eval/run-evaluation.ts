import { loadSqlInterface } from '@platform/semantic';
import type { AgentDataAccess } from '../../../packages/server/src/modules/data-api/agent-data-access.js';
import type {
  AgentRunner,
  LanguageModelSettings,
} from '../../../packages/server/src/platform/llm/agent-turn.types.js';
import { worldDataAccess } from '../../../packages/server/test/agent-runtime/world-data-access.js';
import { type AgentAnswer, askInThread } from './agent-answer.js';
import type { EvaluationModel, EvaluationWorld } from './evaluation-model.js';
import { type EvaluationQuestion, isRefusalGold, type QuestionShape } from './evaluation-question.js';
import { type Outcome, scoreAnswer } from './score-answer.js';

export interface QuestionResult {
  readonly model: string;
  readonly id: string;
  readonly shape: QuestionShape;
  readonly thread: readonly string[];
  readonly question: string;
  readonly outcome: Outcome;
  readonly milliseconds: number;
  readonly answer: AgentAnswer;
  readonly gold:
    | { readonly sql: string; readonly rows: readonly (readonly unknown[])[] }
    | { readonly refusal: string };
}

export interface EvaluationRun {
  readonly runner: AgentRunner;
  readonly model: LanguageModelSettings;
  readonly models: readonly EvaluationModel[];
  /** Keeps a question when true; all by default. */
  readonly isSelected?: (question: EvaluationQuestion) => boolean;
  /** Told after each question, for progress lines. */
  readonly onResult?: (result: QuestionResult) => void;
}

/** The gold rows of a question, straight from DuckDB. */
export async function goldRowsOf(world: EvaluationWorld, sql: string): Promise<unknown[][]> {
  return (await world.warehouse.query(sql, [])).rows;
}

/**
 * The chat tools' data access over a world, with the known values kept once read: the server caches
 * them per model version and caller, so an answer's time here is the time it takes there.
 */
function cachedDataAccess(world: EvaluationWorld): AgentDataAccess {
  const data = worldDataAccess(world);
  const values = new Map<string, Promise<readonly string[]>>();
  return {
    ...data,
    lookupValues(memberPath) {
      const known = values.get(memberPath) ?? data.lookupValues(memberPath);
      values.set(memberPath, known);
      return known;
    },
  };
}

async function evaluateQuestion(
  run: EvaluationRun,
  world: EvaluationWorld,
  data: AgentDataAccess,
  modelName: string,
  question: EvaluationQuestion,
): Promise<QuestionResult> {
  const gold = isRefusalGold(question.gold)
    ? question.gold
    : { sql: question.gold.sql, rows: await goldRowsOf(world, question.gold.sql) };
  const { answer, milliseconds } = await askInThread(
    { runner: run.runner, model: run.model, data, now: world.now },
    question.thread ?? [],
    question.question,
  );
  const outcome = scoreAnswer(question, answer, 'rows' in gold ? gold.rows : null);
  return {
    model: modelName,
    id: question.id,
    shape: question.shape,
    thread: question.thread ?? [],
    question: question.question,
    outcome,
    milliseconds,
    answer,
    gold,
  };
}

/** Asks every selected question of every model through the agent loop and scores the answers. */
export async function runEvaluation(run: EvaluationRun): Promise<QuestionResult[]> {
  await loadSqlInterface();
  const results: QuestionResult[] = [];
  let isWarm = false;
  for (const model of run.models) {
    const questions = model.questions.filter((question) => run.isSelected?.(question) ?? true);
    if (questions.length === 0) continue;
    const world = await model.open();
    try {
      const data = cachedDataAccess(world);
      if (!isWarm) {
        // why: the first answer starts the analyst's worker thread; that second is no answer's time.
        await askInThread({ runner: run.runner, model: run.model, data, now: world.now }, [], 'Hello');
        isWarm = true;
      }
      for (const question of questions) {
        const result = await evaluateQuestion(run, world, data, model.name, question);
        results.push(result);
        run.onResult?.(result);
      }
    } finally {
      await world.close();
    }
  }
  return results;
}
