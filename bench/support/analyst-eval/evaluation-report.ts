import { summarize } from '../timing-samples.js';
import { questionShapes } from './evaluation-question.js';
import type { QuestionResult } from './run-evaluation.js';
import { type Outcome, outcomes } from './score-answer.js';

/** The targets; reported beside the figures, never asserted. */
export const evaluationGoals = { accuracy: 0.95, wrong: 0, p50Milliseconds: 150 } as const;

export interface GroupFigures {
  readonly group: string;
  readonly count: number;
  readonly outcomes: Readonly<Record<Outcome, number>>;
  readonly accuracy: number;
}

export interface EvaluationSummary {
  readonly byShape: readonly GroupFigures[];
  readonly byModel: readonly GroupFigures[];
  readonly total: GroupFigures;
  readonly p50Milliseconds: number;
  readonly p95Milliseconds: number;
}

function figuresOf(group: string, results: readonly QuestionResult[]): GroupFigures {
  const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  for (const result of results) counts[result.outcome] += 1;
  return {
    group,
    count: results.length,
    outcomes: counts,
    accuracy: results.length === 0 ? 0 : counts.correct / results.length,
  };
}

export function summarizeResults(results: readonly QuestionResult[]): EvaluationSummary {
  const models = [...new Set(results.map((result) => result.model))];
  const shapes = questionShapes.filter((shape) => results.some((result) => result.shape === shape));
  const timing = summarize(
    'answer',
    results.map((result) => result.milliseconds),
  );
  return {
    byShape: shapes.map((shape) =>
      figuresOf(
        shape,
        results.filter((result) => result.shape === shape),
      ),
    ),
    byModel: models.map((model) =>
      figuresOf(
        model,
        results.filter((result) => result.model === model),
      ),
    ),
    total: figuresOf('total', results),
    p50Milliseconds: timing.p50Ms,
    p95Milliseconds: timing.p95Ms,
  };
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

function tableLines(title: string, groups: readonly GroupFigures[], total: GroupFigures): string[] {
  const header = [title.padEnd(16), 'count', 'correct', 'wrong', 'refused', 'error', 'accuracy'];
  const line = (figures: GroupFigures) =>
    [
      figures.group.padEnd(16),
      String(figures.count).padStart(5),
      String(figures.outcomes.correct).padStart(7),
      String(figures.outcomes.wrong).padStart(5),
      String(figures.outcomes.refused).padStart(7),
      String(figures.outcomes.error).padStart(5),
      percent(figures.accuracy).padStart(8),
    ].join('  ');
  return [header.join('  '), ...groups.map(line), line(total)];
}

/** The tables per shape and per model, the totals and the answer times, with the targets. */
export function summaryLines(summary: EvaluationSummary): string[] {
  const { total } = summary;
  return [
    ...tableLines('shape', summary.byShape, total),
    '',
    ...tableLines('model', summary.byModel, total),
    '',
    `accuracy ${percent(total.accuracy)} (goal ≥ ${percent(evaluationGoals.accuracy)}), ` +
      `wrong answers ${total.outcomes.wrong} (goal ${evaluationGoals.wrong}), ` +
      `refusals ${total.outcomes.refused}, errors ${total.outcomes.error}`,
    `time per answer: p50 ${summary.p50Milliseconds} ms (goal < ${evaluationGoals.p50Milliseconds} ms), ` +
      `p95 ${summary.p95Milliseconds} ms`,
  ];
}

function rowsText(rows: readonly (readonly unknown[])[]): string[] {
  const shown = rows.slice(0, 12).map((row) => `      ${JSON.stringify(row)}`);
  return rows.length > 12 ? [...shown, `      … ${rows.length - 12} more`] : shown;
}

/** What went wrong with a question that was not answered correctly: its SQL, the refusal or the rows. */
export function detailLines(result: QuestionResult): string[] {
  const lines = [`${result.id} [${result.shape}] ${result.outcome.toUpperCase()}`];
  for (const earlier of result.thread) lines.push(`  earlier: ${earlier}`);
  lines.push(`  question: ${result.question}`);
  const { answer, gold } = result;
  if ('sql' in answer && answer.sql !== undefined)
    lines.push(`  planned SQL: ${answer.sql.replace(/\s+/g, ' ')}`);
  if (answer.kind === 'refusal') lines.push(`  refusal: ${answer.text}`);
  if (answer.kind === 'error') lines.push(`  error: ${answer.message}`);
  if ('refusal' in gold) {
    lines.push(`  must be refused: ${gold.refusal}`);
    if (answer.kind === 'rows') lines.push(`  answer: ${answer.text}`);
    return lines;
  }
  lines.push(`  gold SQL: ${gold.sql.replace(/\s+/g, ' ')}`);
  if (answer.kind === 'rows') {
    lines.push(`    answer rows (${answer.totalRows}):`, ...rowsText(answer.rows));
    lines.push(`    gold rows (${gold.rows.length}):`, ...rowsText(gold.rows));
  }
  return lines;
}
