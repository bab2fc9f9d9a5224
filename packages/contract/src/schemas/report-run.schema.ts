import * as z from 'zod';
import { modelSqlColumnTypes } from './data-api.schema.js';
import { QueryFilter } from './semantic-query.schema.js';
import { text } from './text.schema.js';

/** The calendar units a period comparison shifts by, and the time grains a run may override with. */
export const periodUnits = ['day', 'week', 'month', 'quarter', 'year'] as const;
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

/** What a period comparison adds per measure: `<measure column>.previous`, `.change`, `.percentChange`. */
export const periodComparisonOutputs = ['previous', 'change', 'percentChange'] as const;

const ReportMember = text().min(1).max(300);

/*
 * PeriodComparison and FillMissingRows are the ReportSnapshot shapes of SPEC.md. They are defined here
 * until the reports CRUD's `report.schema.ts` lands; the two are reconciled at merge (same field names).
 */
export const PeriodComparison = z
  .strictObject({
    measure: ReportMember.meta({ description: 'The measure compared: `orders.count` (or its SQL column).' }),
    timeDimension: ReportMember.meta({
      description: 'The time dimension whose date range is shifted; the query must give it a dateRange.',
    }),
    offset: z.strictObject({
      amount: z.int().min(1).max(1000),
      unit: z.enum(periodUnits),
    }),
    outputs: z
      .array(z.enum(periodComparisonOutputs))
      .max(periodComparisonOutputs.length)
      .nullable()
      .optional()
      .meta({ description: 'Which columns to add (default all three).' }),
  })
  .meta({
    id: 'PeriodComparison',
    description:
      'The measure over the period shifted back by `offset`, as extra columns `<measure>.previous`, `<measure>.change` and `<measure>.percentChange`.',
  });

export type PeriodComparison = z.infer<typeof PeriodComparison>;

export const FillMissingRows = z
  .strictObject({
    member: ReportMember.meta({ description: 'A time dimension of the query that has a granularity.' }),
    excludedDimensions: z.array(ReportMember).max(200).nullable().optional(),
  })
  .meta({
    id: 'FillMissingRows',
    description:
      'Every time bucket of the range appears for each combination of the other dimensions; the excluded dimensions do not form combinations and are null in filled rows.',
  });

export type FillMissingRows = z.infer<typeof FillMissingRows>;

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
