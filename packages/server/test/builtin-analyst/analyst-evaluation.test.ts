import { afterAll, describe, expect, it } from 'vitest';
import type { AgentAnswer } from '../../../../bench/support/analyst-eval/agent-answer.js';
import { demoEvaluation } from '../../../../bench/support/analyst-eval/demo-evaluation.js';
import type { EvaluationModel } from '../../../../bench/support/analyst-eval/evaluation-model.js';
import {
  type EvaluationQuestion,
  isRefusalGold,
  questionShapes,
} from '../../../../bench/support/analyst-eval/evaluation-question.js';
import { healthcareEvaluation } from '../../../../bench/support/analyst-eval/healthcare-evaluation.js';
import { logisticsEvaluation } from '../../../../bench/support/analyst-eval/logistics-evaluation.js';
import { goldRowsOf, runEvaluation } from '../../../../bench/support/analyst-eval/run-evaluation.js';
import { scoreAnswer } from '../../../../bench/support/analyst-eval/score-answer.js';
import { createAgentRunner } from '../../src/platform/llm/create-agent-runner.js';
import { analystPool, noModel, silentLogger } from '../agent-runtime/agent-events.js';
import { completionChunk, startScriptedOpenAiServer } from '../agent-runtime/scripted-openai-server.js';

const evaluationModels = [demoEvaluation, logisticsEvaluation, healthcareEvaluation];

afterAll(async () => {
  await analystPool.close();
});

function question(model: EvaluationModel, id: string): EvaluationQuestion {
  const found = model.questions.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no question ${id}`);
  return found;
}

const rankingQuestion: EvaluationQuestion = {
  id: 'ranking',
  shape: 'ranking',
  question: 'Which 2 carriers cost the most?',
  gold: { sql: 'unused' },
};
const breakdownQuestion: EvaluationQuestion = { ...rankingQuestion, id: 'breakdown', shape: 'basic' };
const refusalQuestion: EvaluationQuestion = {
  id: 'refusal',
  shape: 'refusal',
  question: 'How many shipments went by drone?',
  gold: { refusal: 'no drones' },
};

function rowsAnswer(rows: unknown[][], totalRows = rows.length): AgentAnswer {
  return { kind: 'rows', sql: 'SELECT …', rows, totalRows, text: '' };
}

describe('scoring an answer against its gold rows', () => {
  const gold = [
    ['2025-01-01T00:00:00.000Z', 'Northwind Freight', 120.5],
    ['2025-02-01T00:00:00.000Z', 'Metro Couriers', 80.25],
  ];

  it('finds the gold rows whatever the column order, time format and rounding', () => {
    const rows = [
      [80.25000000001, '2025-02-01T00:00:00.000', 'Metro Couriers'],
      [120.5, '2025-01-01T00:00:00.000', 'Northwind Freight'],
    ];
    expect(scoreAnswer(breakdownQuestion, rowsAnswer(rows), gold)).toBe('correct');
    // why: a ranking's order is part of its answer.
    expect(scoreAnswer(rankingQuestion, rowsAnswer(rows), gold)).toBe('wrong');
    expect(scoreAnswer(rankingQuestion, rowsAnswer([...rows].reverse()), gold)).toBe('correct');
  });

  it('says wrong for other figures, other rows, a missing row or rows beyond those shown', () => {
    expect(
      scoreAnswer(
        breakdownQuestion,
        rowsAnswer([[gold[0]?.[0], 'Northwind Freight', 121], gold[1] ?? []]),
        gold,
      ),
    ).toBe('wrong');
    expect(scoreAnswer(breakdownQuestion, rowsAnswer([gold[0] ?? []]), gold)).toBe('wrong');
    expect(scoreAnswer(breakdownQuestion, rowsAnswer(gold, 3), gold)).toBe('wrong');
    expect(scoreAnswer(breakdownQuestion, rowsAnswer(gold.map((row) => row.slice(1))), gold)).toBe('wrong');
  });

  it('says refused for no query where one was due, and correct only for a refusal where one is due', () => {
    const refusal: AgentAnswer = { kind: 'refusal', text: "I can't answer that." };
    expect(scoreAnswer(breakdownQuestion, refusal, gold)).toBe('refused');
    expect(scoreAnswer(refusalQuestion, refusal, null)).toBe('correct');
    expect(scoreAnswer(refusalQuestion, rowsAnswer([[0]]), null)).toBe('wrong');
    expect(scoreAnswer(breakdownQuestion, { kind: 'error', message: 'offline' }, gold)).toBe('error');
  });
});

describe('the question sets', () => {
  const questions = evaluationModels.flatMap((model) => model.questions);

  it('hold at least 60 questions, 20 per model and 5 per shape, each id once', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    for (const model of evaluationModels) expect(model.questions.length).toBeGreaterThanOrEqual(20);
    for (const shape of questionShapes) {
      expect(questions.filter((candidate) => candidate.shape === shape).length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(questions.map((candidate) => candidate.id)).size).toBe(questions.length);
    for (const candidate of questions) {
      expect(isRefusalGold(candidate.gold)).toBe(candidate.shape === 'refusal');
      expect(candidate.thread !== undefined).toBe(candidate.shape === 'follow-up');
    }
  });

  it('have gold SQL that runs on DuckDB with 1 to 100 rows, and rankings without a tie at their limit', async () => {
    for (const model of evaluationModels) {
      const world = await model.open();
      try {
        for (const candidate of model.questions) {
          if (isRefusalGold(candidate.gold)) continue;
          const rows = await goldRowsOf(world, candidate.gold.sql);
          // why: gold that returns nothing proves nothing, and the tool result shows at most 100 rows.
          expect(rows.length, candidate.id).toBeGreaterThan(0);
          expect(rows.length, candidate.id).toBeLessThanOrEqual(100);
          const limit = /LIMIT (\d+)\s*$/.exec(candidate.gold.sql);
          if (candidate.shape !== 'ranking' || !limit) continue;
          const oneMore = await goldRowsOf(
            world,
            candidate.gold.sql.replace(/LIMIT \d+\s*$/, `LIMIT ${Number(limit[1]) + 1}`),
          );
          const figures = oneMore.map((row) => Number(row[row.length - 1]));
          expect(new Set(figures).size, `${candidate.id} has tied figures`).toBe(figures.length);
        }
      } finally {
        await world.close();
      }
    }
  });
});

describe('a run through the agent loop', () => {
  function sqlCall(id: string, sqlQuery: string): { chunks: object[] } {
    return {
      chunks: [
        completionChunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id,
              type: 'function',
              function: { name: 'platformSqlApi', arguments: JSON.stringify({ sqlQuery }) },
            },
          ],
        }),
        completionChunk({}, 'tool_calls'),
      ],
    };
  }

  function text(content: string): { chunks: object[] } {
    return { chunks: [completionChunk({ role: 'assistant', content }), completionChunk({}, 'stop')] };
  }

  it('scores the last query of each answer, refusals and failed queries, asking follow-ups with the thread', async () => {
    const model = logisticsEvaluation;
    const asked = [
      'logistics-basic-2',
      'logistics-negation-1',
      'logistics-refusal-1',
      'logistics-period-6',
      'logistics-basic-3',
      'logistics-follow-up-1',
    ].map((id) => question(model, id));
    const server = await startScriptedOpenAiServer([
      text('Hello! Ask me about shipments.'),
      sqlCall('call_1', 'SELECT service_level, MEASURE(freight_cost) FROM shipments GROUP BY 1'),
      text('Freight cost by service level.'),
      sqlCall('call_2', 'SELECT MEASURE(delivered_count) FROM shipments'),
      text('Delivered shipments.'),
      text("I can't answer that: no carrier flies drones."),
      text('I cannot tell which month you mean.'),
      sqlCall('call_3', 'SELECT MEASURE(no_such_measure) FROM shipments'),
      text('The query failed.'),
      text('We sent 1,657 shipments in 2025.'),
      sqlCall(
        'call_4',
        "SELECT DATE_TRUNC('month', shipped_at), MEASURE(count) FROM shipments WHERE shipped_at >= '2025-01-01' AND shipped_at < '2026-01-01' GROUP BY 1",
      ),
      text('Shipments by month in 2025.'),
    ]);
    try {
      const runner = createAgentRunner({
        defaults: {
          provider: 'openai-compatible',
          baseUrl: server.baseUrl,
          model: 'scripted-model',
          apiKey: null,
        },
        logger: silentLogger,
        analyst: analystPool,
      });
      const results = await runEvaluation({
        runner,
        model: noModel,
        models: [{ ...model, questions: asked }],
      });
      expect(results.map((result) => [result.id, result.outcome])).toEqual([
        ['logistics-basic-2', 'correct'],
        ['logistics-negation-1', 'wrong'],
        ['logistics-refusal-1', 'correct'],
        ['logistics-period-6', 'refused'],
        ['logistics-basic-3', 'error'],
        ['logistics-follow-up-1', 'correct'],
      ]);
      const followUp = server.requests[server.requests.length - 2]?.body.messages as {
        role: string;
        content: unknown;
      }[];
      expect(followUp.filter((message) => message.role !== 'system')).toEqual([
        { role: 'user', content: 'How many shipments did we send in 2025?' },
        { role: 'assistant', content: 'We sent 1,657 shipments in 2025.' },
        { role: 'user', content: 'And by month?' },
      ]);
    } finally {
      await server.close();
    }
  });
});
