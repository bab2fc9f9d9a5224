import { writeFile } from 'node:fs/promises';
import pino from 'pino';
import { AnalystThreadPool } from '../packages/server/src/platform/llm/builtin-analyst/analyst-thread-pool.js';
import { createAgentRunner } from '../packages/server/src/platform/llm/create-agent-runner.js';
import {
  endpointOf,
  resolveModelSettings,
} from '../packages/server/src/platform/llm/language-model.builder.js';
import { demoEvaluation } from './support/analyst-eval/demo-evaluation.js';
import { readEvaluationOptions } from './support/analyst-eval/evaluation-options.js';
import { detailLines, summarizeResults, summaryLines } from './support/analyst-eval/evaluation-report.js';
import { healthcareEvaluation } from './support/analyst-eval/healthcare-evaluation.js';
import { logisticsEvaluation } from './support/analyst-eval/logistics-evaluation.js';
import { runEvaluation } from './support/analyst-eval/run-evaluation.js';
import { writeBenchResults } from './support/bench-options.js';

const evaluationModels = [demoEvaluation, logisticsEvaluation, healthcareEvaluation];

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * `npm run bench -- analyst [--verbose] [--model demo|logistics|healthcare] [--shape <shape>] [--json <file>]
 * [--provider openai-compatible|anthropic --base-url <url> --llm-model <id> --api-key <key>]`: asks the
 * question sets of three models through the agent loop, as the Chat API does, and scores each answer's
 * rows against gold SQL run on the raw tables (docs/builtin-analyst.md, "Evaluating the analyst").
 */
export async function run(arguments_: string[]): Promise<void> {
  const options = readEvaluationOptions(
    arguments_,
    evaluationModels.map((model) => model.name),
  );
  const noModel = { provider: null, baseUrl: null, model: null, apiKey: null };
  const pool = new AnalystThreadPool({ threads: 1, queue: 8 });
  const runner = createAgentRunner({
    defaults: options.languageModel,
    logger: pino({ level: 'silent' }),
    analyst: pool,
  });
  print(`answering with the ${endpointOf(resolveModelSettings(options.languageModel, noModel))}`);
  try {
    const results = await runEvaluation({
      runner,
      model: noModel,
      models: evaluationModels.filter(
        (model) => options.modelName === null || model.name === options.modelName,
      ),
      isSelected: (question) => options.shape === null || question.shape === options.shape,
      onResult: (result) =>
        print(`${result.id.padEnd(28)} ${result.outcome.padEnd(8)} ${Math.round(result.milliseconds)} ms`),
    });
    const summary = summarizeResults(results);
    print('');
    for (const line of summaryLines(summary)) print(line);
    if (options.isVerbose) {
      for (const result of results.filter((candidate) => candidate.outcome !== 'correct')) {
        print('');
        for (const line of detailLines(result)) print(line);
      }
    }
    const figures = { summary, results };
    if (options.jsonPath === null) await writeBenchResults('analyst', figures);
    else {
      await writeFile(options.jsonPath, `${JSON.stringify(figures, null, 2)}\n`);
      print(`results written to ${options.jsonPath}`);
    }
  } finally {
    await pool.close();
  }
}
