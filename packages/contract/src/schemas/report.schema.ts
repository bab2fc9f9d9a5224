import * as z from 'zod';
import { EntityId, IdParam, maximumPageSize, PageInfo, PagingQuery, Timestamp } from './common.schema.js';
import { ContentUser, FolderPath } from './content.schema.js';
import { MemberName, SemanticQuery } from './semantic-query.schema.js';
import { jsonObject, text } from './text.schema.js';

export const reportKinds = ['vega', 'table', 'kpi', 'html', 'map'] as const;

export const ReportKind = z.enum(reportKinds).meta({ id: 'ReportKind' });

/** A report's public id: 12 characters of `[0-9A-Za-z]`, unique in the account. */
export const ReportPublicId = z
  .string()
  .regex(/^[0-9A-Za-z]{12}$/, 'must be 12 characters of 0-9, A-Z and a-z')
  .meta({ description: '12 characters of `[0-9A-Za-z]`, unique in the account.' });

export const ReportPublicIdParams = z.object({ deploymentId: IdParam, publicId: ReportPublicId });

export const ColumnFormat = z
  .object({
    type: z.enum(['currency', 'percent', 'number']),
    decimalPlaces: z.int().min(0).max(20).nullable().optional(),
  })
  .strict()
  .meta({ id: 'ColumnFormat' });

export const ReportPreferences = z
  .object({
    columnFormats: z
      .record(text().min(1).max(300), ColumnFormat)
      .refine((formats) => Object.keys(formats).length <= 500, 'at most 500 column formats')
      .optional()
      .meta({ description: 'How a column of the result is shown, by column name.' }),
  })
  .strict()
  .meta({ id: 'ReportPreferences' });

export const periodComparisonUnits = ['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

/**
 * The same measure over the period shifted back by `offset`, as extra columns of a report's result:
 * previous value, change and percent change.
 */
export const PeriodComparison = z
  .object({
    measure: MemberName,
    timeDimension: MemberName,
    offset: z
      .object({ amount: z.int().min(1).max(10_000), unit: z.enum(periodComparisonUnits) })
      .strict()
      .meta({ description: 'How far back the compared period lies, e.g. `{amount: 1, unit: "year"}`.' }),
    outputs: z.array(text().trim().min(1).max(200)).min(1).max(3).nullable().optional().meta({
      description:
        'The names of the extra columns, in this order: previous value, change, percent change (fewer names: fewer columns); null: the three with default names.',
    }),
  })
  .strict()
  .meta({ id: 'PeriodComparison' });

export type PeriodComparison = z.infer<typeof PeriodComparison>;

/** Every time bucket of the range present in a report's result, measures 0 or null. */
export const FillMissingRows = z
  .object({
    member: MemberName.meta({ description: 'The time dimension whose buckets are filled.' }),
    excludedDimensions: z
      .array(MemberName)
      .max(200)
      .nullable()
      .optional()
      .meta({ description: 'Dimensions whose combinations are not multiplied by the filled buckets.' }),
  })
  .strict()
  .meta({ id: 'FillMissingRows' });

export type FillMissingRows = z.infer<typeof FillMissingRows>;

/** Where a report's result is written in an external spreadsheet. */
export const ReportPlacement = z
  .object({
    workbookId: z.string().meta({ description: 'The external workbook (spreadsheet) id.' }),
    resultLocation: z.string(),
    endResultCell: z.string().nullable(),
  })
  .meta({ id: 'ReportPlacement' });

export const maximumReportPlacements = 50;

export const ConnectReportToWorkbookInput = z
  .object({
    externalWorkbookId: text().trim().min(1).max(500),
    resultLocation: text().trim().min(1).max(500).meta({ description: 'e.g. `Sheet1!A1`.' }),
    endResultCell: text().trim().min(1).max(100).nullable().optional(),
  })
  .strict()
  .meta({ id: 'ConnectReportToWorkbookInput' });

/** A Vega-Lite document as an object, or as its JSON text; never with data inside. */
const ReportSpecInput = z
  .union([text().min(1).max(1_000_000), jsonObject()])
  .nullable()
  .optional()
  .meta({
    description:
      'A Vega-Lite document (an object, or its JSON text), validated against the Vega-Lite schema; the data comes from the query, so inline data (`data.values`, `datasets`) is refused.',
  });

/** Fields of a report a client writes; on update, absent ones keep their value. */
const reportFields = {
  title: text().max(500).nullable().optional(),
  description: text().max(10_000).nullable().optional(),
  kind: ReportKind.optional(),
  workbookId: EntityId.nullable().optional(),
  folderId: EntityId.nullable().optional(),
  jsonQuery: SemanticQuery.nullable()
    .optional()
    .meta({ description: 'A data-API query; not with sqlQuery.' }),
  sqlQuery: text()
    .trim()
    .min(1)
    .max(100_000)
    .nullable()
    .optional()
    .meta({ description: 'SQL over the model; not with jsonQuery.' }),
  spec: ReportSpecInput,
  meta: jsonObject().optional(),
  preferences: ReportPreferences.nullable().optional(),
  periodComparisons: z.array(PeriodComparison).max(20).optional(),
  fillMissingRows: FillMissingRows.nullable().optional(),
};

const ReportName = text().trim().min(1).max(200);

export const CreateReportInput = z
  .object({ name: ReportName, publicId: ReportPublicId.optional(), ...reportFields })
  .strict()
  .meta({ id: 'CreateReportInput' });

export type CreateReportInput = z.infer<typeof CreateReportInput>;

export const UpdateReportInput = z
  .object({ name: ReportName.optional(), ...reportFields })
  .strict()
  .meta({ id: 'UpdateReportInput' });

export type UpdateReportInput = z.infer<typeof UpdateReportInput>;

/** The upsert by publicId: the create's fields; an existing report takes only the ones sent. */
export const UpsertReportInput = z
  .object({ name: ReportName.optional(), ...reportFields })
  .strict()
  .meta({ id: 'UpsertReportInput' });

export const Report = z
  .object({
    id: EntityId,
    publicId: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    kind: ReportKind,
    workbookId: EntityId.nullable(),
    folderId: EntityId.nullable(),
    folderPath: FolderPath,
    jsonQuery: z.record(z.string(), z.unknown()).nullable().meta({ description: 'A SemanticQuery.' }),
    sqlQuery: z.string().nullable(),
    spec: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
    meta: z.record(z.string(), z.unknown()),
    preferences: z.object({ columnFormats: z.record(z.string(), ColumnFormat) }),
    periodComparisons: z.array(PeriodComparison),
    fillMissingRows: FillMissingRows.nullable(),
    externalWorkbookPlacements: z.array(ReportPlacement),
    canEdit: z.boolean(),
    canManage: z.boolean(),
    user: ContentUser.meta({ description: 'The owner.' }),
    versionNumber: z.int().meta({ description: '1 on create, one more on every change.' }),
    lastViewedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Report' });

export type Report = z.infer<typeof Report>;

export const reportSortKeys = ['createdAt', 'updatedAt', 'lastViewedAt', 'name'] as const;

export const ListReportsQuery = PagingQuery.extend({
  sortBy: z.enum(reportSortKeys).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).optional().meta({
    description: 'Default `asc` for name, `desc` for the dates.',
  }),
  search: text().trim().max(200).optional().meta({ description: 'Part of the name or title.' }),
  folderId: IdParam.optional(),
  workbookId: IdParam.optional(),
  externalWorkbookId: text().min(1).max(500).optional(),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .meta({
      description: `Page number from 1, pages of \`limit\` (or \`first\`, at most ${maximumPageSize}).`,
    }),
});

export const ReportsListResponse = z
  .object({
    items: z.array(Report),
    pageInfo: PageInfo,
    data: z.array(Report).meta({ description: 'Deprecated: the same as `items`.' }),
    count: z.int().meta({ description: 'Deprecated: how many reports match, over every page.' }),
  })
  .meta({ id: 'ReportsListResponse' });
