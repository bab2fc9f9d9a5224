import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Folders of a deployment's workspace; `parentId` null is the root. At most 10 levels. */
export const contentFoldersTable = pgTable('content_folders', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdByUserId: integer('created_by_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const workbooksTable = pgTable('workbooks', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  folderId: integer('folder_id'),
  name: text('name').notNull(),
  slug: text('slug'),
  ownerUserId: integer('owner_user_id').notNull(),
  /** Free-form; `meta.dashboardDraft` holds the dashboard draft. */
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  /** A workbook that is not shared is seen only by its owner, content managers and policy holders. */
  isShared: boolean('is_shared').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reportKinds = ['vega', 'table', 'kpi', 'html', 'map'] as const;

export const reportsTable = pgTable('reports', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  publicId: text('public_id').notNull(),
  workbookId: integer('workbook_id'),
  folderId: integer('folder_id'),
  name: text('name').notNull(),
  title: text('title'),
  description: text('description'),
  kind: text('kind', { enum: reportKinds }).notNull().default('table'),
  jsonQuery: jsonb('json_query').$type<Record<string, unknown>>(),
  sqlQuery: text('sql_query'),
  spec: jsonb('spec').$type<string | Record<string, unknown>>(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  preferences: jsonb('preferences').$type<Record<string, unknown>>(),
  periodComparisons: jsonb('period_comparisons').$type<unknown[]>().notNull().default([]),
  fillMissingRows: jsonb('fill_missing_rows').$type<Record<string, unknown>>(),
  ownerUserId: integer('owner_user_id').notNull(),
  versionNumber: integer('version_number').notNull().default(1),
  lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a report's result is written in an external spreadsheet (`connect-workbook`). */
export const reportPlacementsTable = pgTable('report_placements', {
  id: serial('id').primaryKey(),
  reportId: integer('report_id').notNull(),
  externalWorkbookId: text('external_workbook_id').notNull(),
  resultLocation: text('result_location').notNull(),
  endResultCell: text('end_result_cell'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const policyLevels = ['view', 'edit', 'manage'] as const;
export type PolicyLevel = (typeof policyLevels)[number];

/** One grant to a user or a group on exactly one folder, workbook, report or dashboard (and, for a folder, its contents). */
export const resourcePoliciesTable = pgTable('resource_policies', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull(),
  deploymentId: integer('deployment_id').notNull(),
  folderId: integer('folder_id'),
  workbookId: integer('workbook_id'),
  reportId: integer('report_id'),
  /** A dashboard's id (the dashboards module's table: no foreign key) and its workbook's (which has one). */
  dashboardId: integer('dashboard_id'),
  dashboardWorkbookId: integer('dashboard_workbook_id'),
  subjectType: text('subject_type', { enum: ['user', 'group'] }).notNull(),
  subjectId: integer('subject_id').notNull(),
  action: text('action', { enum: policyLevels }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FolderRow = typeof contentFoldersTable.$inferSelect;
export type WorkbookRow = typeof workbooksTable.$inferSelect;
export type ReportRow = typeof reportsTable.$inferSelect;
export type ReportPlacementRow = typeof reportPlacementsTable.$inferSelect;
export type ResourcePolicyRow = typeof resourcePoliciesTable.$inferSelect;
