import * as z from 'zod';
import { modelSqlColumnTypes } from './data-api.schema.js';
import { QueryFilter } from './semantic-query.schema.js';

/** The time grains a run may override the report's with. */
export const reportTimeGrains = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;

export const RunReportInput = z
  .strictObject({
    filters: z.array(QueryFilter).max(200).optional().meta({
      description: "Dashboard filters, added to the report query's own (all must hold).",
    }),
    timeGrain: z.enum(reportTimeGrains).optional().meta({
      description: "Replaces the granularity of every time dimension of the report's query that has one.",
    }),
  })
  .meta({ id: 'RunReportInput' });

export type RunReportInput = z.infer<typeof RunReportInput>;

export const ReportRunColumn = z
  .object({ name: z.string(), column_type: z.enum(modelSqlColumnTypes) })
  .meta({ id: 'ReportRunColumn' });

export const ReportRunResult = z
  .object({
    schema: z.array(ReportRunColumn).meta({
      description:
        'The columns: member names for a JSON query (`orders.count`, `orders.created_at.month`), the output names for SQL, then the comparison columns.',
    }),
    data: z.array(z.record(z.string(), z.unknown())).meta({
      description:
        'One object per row keyed by column name (a JSON query also fills `orders.created_at` beside `orders.created_at.month`, as load does).',
    }),
    totalRows: z.int(),
    sqlQuery: z.string().meta({ description: 'The warehouse SQL that ran (parameters bound apart).' }),
  })
  .meta({ id: 'ReportRunResult' });

export type ReportRunResult = z.infer<typeof ReportRunResult>;
