import {
  type ContentDocuments,
  canonicalJson,
  type FolderDocument,
  folderPathKey,
  type ReportDocument,
  type WorkbookDocument,
} from './content-documents.js';
import { type ContentSnapshot, preferencesDocumentOf } from './content-snapshot.js';

export type PlanAction = 'create' | 'update' | 'unchanged';

export interface FolderStep {
  kind: 'folder';
  action: PlanAction;
  path: string[];
  position: number;
  id: number | null;
  changes: string[];
}

export interface WorkbookStep {
  kind: 'workbook';
  action: PlanAction;
  slug: string;
  id: number | null;
  changes: string[];
  /**
   * `upsert` (by slug) creates and updates; `update` (by id) is needed where the upsert cannot say it:
   * adopting a workbook without a slug, or removing meta keys (the upsert merges meta key by key).
   */
  method: 'upsert' | 'update';
  document: WorkbookDocument;
}

export interface ReportStep {
  kind: 'report';
  action: PlanAction;
  publicId: string;
  id: number | null;
  changes: string[];
  document: ReportDocument;
}

export type ContentStep = FolderStep | WorkbookStep | ReportStep;

/** What a push does, in the order it does it: folders parents first, then workbooks, then reports. */
export interface ContentPlan {
  folders: FolderStep[];
  workbooks: WorkbookStep[];
  reports: ReportStep[];
}

export type ActionCounts = Record<'created' | 'updated' | 'unchanged', number>;

export interface ContentSummary {
  folders: ActionCounts;
  workbooks: ActionCounts;
  reports: ActionCounts;
}

function changedKeys<Document extends object>(
  wanted: Document,
  current: Document,
  keys: readonly (keyof Document & string)[],
): string[] {
  return keys.filter((key) => canonicalJson(wanted[key]) !== canonicalJson(current[key]));
}

function folderSteps(
  wanted: readonly FolderDocument[],
  snapshot: ContentSnapshot,
  parentPath: string[] = [],
): FolderStep[] {
  return wanted.flatMap((folder) => {
    const path = [...parentPath, folder.name];
    const current = snapshot.folders.get(folderPathKey(path));
    const changes = current ? (current.position === folder.position ? [] : ['position']) : [];
    const action: PlanAction = !current ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    const step: FolderStep = {
      kind: 'folder',
      action,
      path,
      position: folder.position,
      id: current?.id ?? null,
      changes,
    };
    return [step, ...folderSteps(folder.folders, snapshot, path)];
  });
}

const workbookKeys = ['name', 'folder', 'isShared', 'meta'] as const;

function workbookStep(wanted: WorkbookDocument, snapshot: ContentSnapshot): WorkbookStep {
  const server = snapshot.workbooks.get(wanted.slug);
  const current = snapshot.documents.workbooks.find((workbook) => workbook.slug === wanted.slug);
  if (!server || !current) {
    return {
      kind: 'workbook',
      action: 'create',
      slug: wanted.slug,
      id: null,
      changes: [],
      method: 'upsert',
      document: wanted,
    };
  }
  const changes = changedKeys(wanted, current, workbookKeys);
  const isAdopted = server.slug === null;
  const dropsMetaKeys = Object.keys(current.meta).some((key) => !(key in wanted.meta));
  return {
    kind: 'workbook',
    action: changes.length > 0 ? 'update' : 'unchanged',
    slug: wanted.slug,
    id: server.id,
    changes,
    method: isAdopted || dropsMetaKeys ? 'update' : 'upsert',
    document: wanted,
  };
}

const reportKeys = [
  'name',
  'title',
  'description',
  'kind',
  'folder',
  'workbook',
  'jsonQuery',
  'sqlQuery',
  'spec',
  'meta',
  'preferences',
  'periodComparisons',
  'fillMissingRows',
] as const;

/**
 * Preferences without column formats are null, as the server reads them back. A report of a workbook
 * lives in its workbook's folder (the server keeps it there), so its own `folder` is not compared.
 */
function comparableReport(report: ReportDocument): ReportDocument {
  return {
    ...report,
    folder: report.workbook === null ? report.folder : [],
    preferences: preferencesDocumentOf(report.preferences),
  };
}

function reportStep(wanted: ReportDocument, snapshot: ContentSnapshot): ReportStep {
  const server = snapshot.reports.get(wanted.publicId);
  const current = snapshot.documents.reports.find((report) => report.publicId === wanted.publicId);
  if (!server || !current) {
    return {
      kind: 'report',
      action: 'create',
      publicId: wanted.publicId,
      id: null,
      changes: [],
      document: wanted,
    };
  }
  const changes = changedKeys(comparableReport(wanted), comparableReport(current), reportKeys);
  return {
    kind: 'report',
    action: changes.length > 0 ? 'update' : 'unchanged',
    publicId: wanted.publicId,
    id: server.id,
    changes,
    document: wanted,
  };
}

/**
 * What pushing `wanted` onto the deployment `current` was read from changes. Items are matched by folder
 * path, slug and publicId and compared canonically (key order ignored). Nothing on the server that the
 * files leave out is deleted: a push creates and updates only.
 */
export function planContentPush(wanted: ContentDocuments, current: ContentSnapshot): ContentPlan {
  return {
    folders: folderSteps(wanted.folders, current),
    workbooks: wanted.workbooks.map((workbook) => workbookStep(workbook, current)),
    reports: wanted.reports.map((report) => reportStep(report, current)),
  };
}

function countsOf(steps: readonly { action: PlanAction }[]): ActionCounts {
  const count = (action: PlanAction) => steps.filter((step) => step.action === action).length;
  return { created: count('create'), updated: count('update'), unchanged: count('unchanged') };
}

export function summaryOf(plan: ContentPlan): ContentSummary {
  return {
    folders: countsOf(plan.folders),
    workbooks: countsOf(plan.workbooks),
    reports: countsOf(plan.reports),
  };
}

export function stepsOf(plan: ContentPlan): ContentStep[] {
  return [...plan.folders, ...plan.workbooks, ...plan.reports];
}

/** How a step is named to a person: `folder Sales/EMEA`, `workbook revenue`, `report AbC123dEf456`. */
export function stepLabel(step: ContentStep): string {
  if (step.kind === 'folder') return `folder ${step.path.join('/')}`;
  if (step.kind === 'workbook') return `workbook ${step.slug}`;
  return `report ${step.publicId}`;
}
