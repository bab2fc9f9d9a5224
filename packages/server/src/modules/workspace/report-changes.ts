import type { UpdateReportInput } from '@platform/contract';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { ContentScope } from './content-access.service.js';
import type { ReportWorkbook } from './report-records.js';
import { checkReportSpec } from './report-spec.js';
import { type ReportRow, workbooksTable } from './workspace.tables.js';

/** A report's query, as the data API's check takes it (the data-API module's `ReportQuery`). */
export type ReportQuery = { jsonQuery: Record<string, unknown> } | { sqlQuery: string };

/** Compiles a query against the model the deployment serves; throws a 400 naming what is wrong. */
export type CheckReportQuery = (
  deployment: { id: number; accountId: number },
  query: ReportQuery,
) => Promise<void>;

/** The columns of a report a client writes. */
export type ReportColumns = Pick<
  ReportRow,
  | 'name'
  | 'title'
  | 'description'
  | 'kind'
  | 'workbookId'
  | 'folderId'
  | 'jsonQuery'
  | 'sqlQuery'
  | 'spec'
  | 'meta'
  | 'preferences'
  | 'periodComparisons'
  | 'fillMissingRows'
>;

export const reportColumnNames = [
  'name',
  'title',
  'description',
  'kind',
  'workbookId',
  'folderId',
  'jsonQuery',
  'sqlQuery',
  'spec',
  'meta',
  'preferences',
  'periodComparisons',
  'fillMissingRows',
] as const satisfies readonly (keyof ReportColumns)[];

export const emptyReportColumns: ReportColumns = {
  name: '',
  title: null,
  description: null,
  kind: 'table',
  workbookId: null,
  folderId: null,
  jsonQuery: null,
  sqlQuery: null,
  spec: null,
  meta: {},
  preferences: null,
  periodComparisons: [],
  fillMissingRows: null,
};

/**
 * A query as it is stored: jsonb keeps an object's keys in its own order (shortest first), so an `order`
 * object, whose key order is the sort priority, is stored as the equivalent list of pairs.
 */
function storableJsonQuery(query: Record<string, unknown> | null | undefined) {
  const order = query?.order;
  if (!query || !order || typeof order !== 'object' || Array.isArray(order)) return query;
  return { ...query, order: Object.entries(order) };
}

/** The columns after applying a partial input: absent fields keep their value; a new query replaces the other. */
export function mergeReportInput(current: ReportColumns, input: UpdateReportInput): ReportColumns {
  if (input.jsonQuery && input.sqlQuery) {
    throw new AppError('BAD_REQUEST', 'invalid request: body: give jsonQuery or sqlQuery, not both');
  }
  const next: ReportColumns = { ...current };
  const assign = <Key extends keyof ReportColumns>(key: Key, value: ReportColumns[Key] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  assign('name', input.name);
  assign('title', input.title);
  assign('description', input.description);
  assign('kind', input.kind);
  assign('workbookId', input.workbookId);
  assign('folderId', input.folderId);
  assign('jsonQuery', storableJsonQuery(input.jsonQuery as Record<string, unknown> | null | undefined));
  assign('sqlQuery', input.sqlQuery);
  assign('spec', input.spec);
  assign('meta', input.meta);
  assign('preferences', input.preferences as Record<string, unknown> | null | undefined);
  assign('periodComparisons', input.periodComparisons);
  assign('fillMissingRows', input.fillMissingRows as Record<string, unknown> | null | undefined);
  if (input.jsonQuery) next.sqlQuery = null;
  if (input.sqlQuery) next.jsonQuery = null;
  return next;
}

/** JSON with object keys sorted: jsonb reorders keys, so equal documents must compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => (left < right ? -1 : 1)))
      : item,
  );
}

export function changedColumns(current: ReportColumns, next: ReportColumns): (keyof ReportColumns)[] {
  return reportColumnNames.filter((key) => canonicalJson(current[key]) !== canonicalJson(next[key]));
}

/**
 * What a save must hold before it is written: edit rights where the report goes (its folder and its
 * workbook, when they change), a valid spec, and a query that compiles against the model the deployment
 * serves. Only what changed is checked, so a report whose member the model dropped can still be renamed.
 */
export async function checkReportSave(
  context: { database: Database; scope: ContentScope; checkQuery: CheckReportQuery },
  next: ReportColumns,
  changed: ReadonlySet<keyof ReportColumns>,
): Promise<void> {
  const { database, scope, checkQuery } = context;
  if (changed.has('workbookId') && next.workbookId !== null) {
    const workbook = await findWorkbook(database, scope.deployment.id, next.workbookId);
    scope.require({ type: 'workbook', ...workbook }, 'edit');
  }
  // A report of a workbook sits in the workbook's folder: edit on the workbook is what it needs there.
  if ((changed.has('folderId') || changed.has('workbookId')) && next.workbookId === null) {
    scope.requireEditIn(next.folderId);
  }
  if (changed.has('spec') && next.spec !== null) await checkReportSpec(next.spec);
  if (changed.has('jsonQuery') && next.jsonQuery !== null) {
    await checkQuery(scope.deployment, { jsonQuery: next.jsonQuery });
  }
  if (changed.has('sqlQuery') && next.sqlQuery !== null) {
    await checkQuery(scope.deployment, { sqlQuery: next.sqlQuery });
  }
}

/** A workbook of the deployment as rights need it; 404 when the deployment has none with that id. */
export async function findWorkbook(
  database: Database,
  deploymentId: number,
  workbookId: number,
): Promise<ReportWorkbook> {
  const [workbook] = await database
    .select({
      id: workbooksTable.id,
      folderId: workbooksTable.folderId,
      ownerUserId: workbooksTable.ownerUserId,
      isShared: workbooksTable.isShared,
    })
    .from(workbooksTable)
    .where(and(eq(workbooksTable.deploymentId, deploymentId), eq(workbooksTable.id, workbookId)));
  if (!workbook) throw notFound(`workbook ${workbookId}`);
  return workbook;
}

/**
 * A report that belongs to a workbook lives where its workbook lives: its folder is the workbook's
 * (the store's trigger `reports_take_workbook_folder` holds the same rule against concurrent moves).
 * Naming another folder while in a workbook is a 400 naming the workbook: move the workbook, or take
 * the report out of it (`workbookId: null`).
 */
export async function placeReport(
  database: Database,
  deploymentId: number,
  next: ReportColumns,
  input: { workbookId?: number | null | undefined; folderId?: number | null | undefined },
  label: string,
): Promise<ReportColumns> {
  if (next.workbookId === null || (input.workbookId === undefined && input.folderId === undefined)) {
    return next;
  }
  const workbook = await findWorkbook(database, deploymentId, next.workbookId);
  if (input.folderId !== undefined && input.folderId !== workbook.folderId) {
    throw reportFollowsWorkbook(label, workbook);
  }
  return { ...next, folderId: workbook.folderId };
}

export function reportFollowsWorkbook(label: string, workbook: { id: number; folderId: number | null }) {
  const place = workbook.folderId === null ? 'the root' : `folder ${workbook.folderId}`;
  return new AppError(
    'BAD_REQUEST',
    `${label} belongs to workbook ${workbook.id}, which is in ${place}: a report of a workbook lives where its workbook lives; move the workbook, or take the report out of it (workbookId: null)`,
    { workbookId: workbook.id },
  );
}
