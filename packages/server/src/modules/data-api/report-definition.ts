import { FillMissingRows, PeriodComparison, SemanticQuery } from '@platform/contract';
import * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { ReportDefinition, ReportQuery } from './report-query.service.js';

/**
 * A saved query as it is stored (a report's row, or a dashboard's frozen snapshot of one): the columns a
 * run reads, still unchecked JSON.
 */
export interface StoredReportQuery {
  jsonQuery: unknown;
  sqlQuery: string | null;
  periodComparisons: unknown;
  fillMissingRows: unknown;
}

const PeriodComparisons = z.array(PeriodComparison);

/** A stored field that no longer fits its schema (written before a rule existed) is a 400 saying which. */
function parseStored<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  label: string,
  field: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('BAD_REQUEST', `${label} has an invalid ${field}: ${z.prettifyError(parsed.error)}`);
}

/**
 * What a run of a stored query asks the data API for, its fields checked against their schemas; `label`
 * names it in errors (`report 12`). Report runs and dashboard widget runs both build it here, so a widget
 * runs its snapshot exactly as the report ran when it was frozen.
 */
export function reportDefinitionOf(
  stored: StoredReportQuery,
  label: string,
): Omit<ReportDefinition, 'filters' | 'timeGrain'> {
  return {
    query: queryOf(stored, label),
    periodComparisons: parseStored(
      PeriodComparisons,
      stored.periodComparisons ?? [],
      label,
      'periodComparisons',
    ),
    fillMissingRows:
      stored.fillMissingRows === null
        ? null
        : parseStored(FillMissingRows, stored.fillMissingRows, label, 'fillMissingRows'),
  };
}

function queryOf(stored: StoredReportQuery, label: string): ReportQuery {
  if (stored.sqlQuery !== null) return { kind: 'sql', sql: stored.sqlQuery };
  if (stored.jsonQuery !== null && stored.jsonQuery !== undefined) {
    return { kind: 'json', query: parseStored(SemanticQuery, stored.jsonQuery, label, 'jsonQuery') };
  }
  throw new AppError('BAD_REQUEST', `${label} has no query to run: give it a jsonQuery or a sqlQuery`);
}
