import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const dashboardStatuses = ['draft', 'published', 'archived'] as const;
export type DashboardStatusName = (typeof dashboardStatuses)[number];

/** One dashboard per workbook; `latestVersionNumber` 0 until the first publish. */
export const dashboardsTable = pgTable('dashboards', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  workbookId: integer('workbook_id').notNull(),
  publicId: text('public_id').notNull(),
  status: text('status', { enum: dashboardStatuses }).notNull().default('draft'),
  allowEmbed: boolean('allow_embed').notNull().default(false),
  restrictDataDownload: boolean('restrict_data_download').notNull().default(false),
  title: text('title'),
  description: text('description'),
  createdByUserId: integer('created_by_user_id'),
  latestVersionNumber: integer('latest_version_number').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A published version: its config never changes after the publish. */
export const dashboardVersionsTable = pgTable('dashboard_versions', {
  id: serial('id').primaryKey(),
  dashboardId: integer('dashboard_id').notNull(),
  versionNumber: integer('version_number').notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  checksum: text('checksum').notNull(),
  title: text('title'),
  description: text('description'),
  createdByUserId: integer('created_by_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A report as it was when a version was published. */
export const dashboardReportSnapshotsTable = pgTable('dashboard_report_snapshots', {
  id: serial('id').primaryKey(),
  versionId: integer('version_id').notNull(),
  reportId: integer('report_id').notNull(),
  reportVersionNumber: integer('report_version_number').notNull(),
  isSourceReport: boolean('is_source_report').notNull(),
  name: text('name'),
  title: text('title'),
  description: text('description'),
  kind: text('kind'),
  jsonQuery: jsonb('json_query').$type<Record<string, unknown>>(),
  sqlQuery: text('sql_query'),
  spec: jsonb('spec').$type<string | Record<string, unknown>>(),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  preferences: jsonb('preferences').$type<Record<string, unknown>>(),
  periodComparisons: jsonb('period_comparisons').$type<unknown[]>(),
  fillMissingRows: jsonb('fill_missing_rows').$type<Record<string, unknown>>(),
});

export type DashboardRow = typeof dashboardsTable.$inferSelect;
export type DashboardVersionRow = typeof dashboardVersionsTable.$inferSelect;
export type DashboardReportSnapshotRow = typeof dashboardReportSnapshotsTable.$inferSelect;
