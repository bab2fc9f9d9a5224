import type { AnalystColumn, AnalystQueryPlan } from './analyst-plan.types.js';
import { defaultAnswerLocale, formatLabel, formatTime, formatValue } from './answer-values.js';
import { capitalized, listText, lowerFirst } from './plan-wording.js';

/** What `platformSqlApi` returns: the result's columns, its first rows, and how many rows there were. */
export interface AnalystQueryResult {
  readonly schema: readonly { readonly name: string; readonly column_type: string }[];
  readonly data: readonly (readonly unknown[])[];
  readonly totalRows: number;
}

/** Rows an answer lists before it says how many more there are. */
export const listedRows = 10;

interface ResultColumn {
  readonly index: number;
  readonly column: AnalystColumn;
}

function resultColumns(plan: AnalystQueryPlan, result: AnalystQueryResult): ResultColumn[] {
  return result.schema.map((entry, index) => ({
    index,
    column: plan.columns.find((column) => column.name === entry.name) ?? {
      name: entry.name,
      title: entry.name.replace(/_/g, ' '),
      role:
        entry.column_type === 'time' ? 'time' : index === result.schema.length - 1 ? 'measure' : 'dimension',
    },
  }));
}

/** How an answer writes dates (the IANA zone's wall clock) and numbers (the locale's marks). */
export interface AnswerFormat {
  readonly timezone: string;
  /** BCP 47; default en-US. */
  readonly locale?: string;
}

function labelOf(row: readonly unknown[], groups: readonly ResultColumn[], format: AnswerFormat): string {
  return groups
    .map(({ index, column }) =>
      column.role === 'time'
        ? formatTime(row[index], column.granularity, format.timezone)
        : formatLabel(row[index], format.locale),
    )
    .join(', ');
}

function withScope(text: string, scope: string): string {
  return scope === '' ? text : `${text}, ${scope}`;
}

/**
 * A short plain-language answer from the result of a planned query: one sentence for a single value, the
 * first rows as a list for a breakdown, and a plain "no data" when nothing matched.
 */
export function writeAnalystAnswer(
  _question: string,
  plan: AnalystQueryPlan,
  result: AnalystQueryResult,
  options: AnswerFormat,
): string {
  const locale = options.locale ?? defaultAnswerLocale;
  const columns = resultColumns(plan, result);
  const measure = columns.find(({ column }) => column.role === 'measure') ?? columns[columns.length - 1];
  const groups = columns.filter((entry) => entry !== measure);
  const measureTitle = measure?.column.title ?? 'The result';
  const rowCount = Math.max(result.totalRows, result.data.length);
  if (result.data.length === 0 || measure === undefined) {
    return `No data matched: ${withScope(lowerFirst(measureTitle), plan.scope)} has no rows.`;
  }
  const measureText = (row: readonly unknown[]) => formatValue(row[measure.index], locale);
  const [first] = result.data;
  if (groups.length === 0 && first !== undefined) {
    return `${withScope(measureTitle, plan.scope)}: ${measureText(first)}.`;
  }
  if (plan.ranking !== undefined && rowCount === 1 && first !== undefined) {
    // why: "which category earns the most" asks for one; the answer names it rather than listing one row.
    const ranked = plan.rankedBy ?? `the ${plan.ranking} ${lowerFirst(measureTitle)}`;
    const sentence = capitalized(`${labelOf(first, groups, options)} has ${ranked}`);
    return `${withScope(sentence, plan.scope)}: ${measureText(first)}.`;
  }
  const byText = listText(groups.map(({ column }) => column.title));
  const lines = result.data
    .slice(0, listedRows)
    .map((row) => `- ${labelOf(row, groups, options)}: ${measureText(row)}`);
  const more = rowCount > lines.length ? [`…and ${rowCount - lines.length} more.`] : [];
  const plural = rowCount === 1 ? 'row' : 'rows';
  let lead: string;
  if (plan.ranking !== undefined && first !== undefined) {
    const word = plan.ranking === 'highest' ? 'highest' : 'lowest';
    const place = plan.ranking === 'highest' ? 'first' : 'last';
    lead = `${labelOf(first, groups, options)} is ${place} by ${lowerFirst(measureTitle)}, with ${measureText(first)}. ${withScope(`${measureTitle} by ${byText}`, plan.scope)}, ${word} first:`;
  } else if (groups.some(({ column }) => column.role === 'time')) {
    const peak = groups.length === 1 ? peakText(result, measure, groups, options) : '';
    lead = `${withScope(`${measureTitle} by ${byText}`, plan.scope)} (${rowCount} ${plural})${peak}:`;
  } else {
    lead = `${withScope(`${measureTitle} by ${byText}`, plan.scope)} (${rowCount} ${plural}, highest first):`;
  }
  return [lead, ...lines, ...more].join('\n');
}

/** For a time series, the period with the highest value among the rows returned. */
function peakText(
  result: AnalystQueryResult,
  measure: ResultColumn,
  groups: readonly ResultColumn[],
  format: AnswerFormat,
): string {
  if (result.data.length < 2) return '';
  let peak: readonly unknown[] | undefined;
  for (const row of result.data) {
    const value = Number(row[measure.index]);
    if (Number.isFinite(value) && (peak === undefined || value > Number(peak[measure.index]))) peak = row;
  }
  return peak === undefined
    ? ''
    : `; the highest is ${labelOf(peak, groups, format)} with ${formatValue(peak[measure.index], format.locale)}`;
}
