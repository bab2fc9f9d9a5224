import type { ApiClient } from '../client/api-client.js';
import { CliError } from '../program/cli-errors.js';
import {
  type ContentDocuments,
  type FolderDocument,
  folderPathKey,
  type ReportDocument,
  type ReportKindName,
  type WorkbookDocument,
} from './content-documents.js';

/** The fields of a server's folder, workbook and report that content files hold (plus ids). */
export interface ServerFolder {
  id: number;
  parentId: number | null;
  name: string;
  position: number;
}

export interface ServerWorkbook {
  id: number;
  slug: string | null;
  name: string;
  folderId: number | null;
  isShared: boolean;
  meta: Record<string, unknown>;
  updatedAt?: string;
}

export interface ServerReport {
  id: number;
  publicId: string;
  name: string;
  title: string | null;
  description: string | null;
  kind: ReportKindName;
  workbookId: number | null;
  folderId: number | null;
  jsonQuery: Record<string, unknown> | null;
  sqlQuery: string | null;
  spec: string | Record<string, unknown> | null;
  meta: Record<string, unknown>;
  preferences: { columnFormats?: Record<string, unknown> } | null;
  periodComparisons: unknown[];
  fillMissingRows: Record<string, unknown> | null;
  versionNumber?: number;
}

export interface ServerContent {
  folders: ServerFolder[];
  workbooks: ServerWorkbook[];
  reports: ServerReport[];
}

/** A deployment's content as documents, with the server's rows they came from, by the keys files use. */
export interface ContentSnapshot {
  documents: ContentDocuments;
  /** Folder path key → folder. */
  folders: Map<string, ServerFolder>;
  /** Slug as the files name it (`workbook-<id>` for a workbook without one) → workbook. */
  workbooks: Map<string, ServerWorkbook>;
  reports: Map<string, ServerReport>;
}

/**
 * The slug a workbook without one is filed under. Pushing a file of that slug adopts the workbook (sets
 * its slug) instead of creating another, so a pulled directory pushes back onto the same workbooks.
 */
export function fileSlugOf(workbook: Pick<ServerWorkbook, 'id' | 'slug'>): string {
  return workbook.slug ?? `workbook-${workbook.id}`;
}

/** Report preferences without column formats are written (and compared) as null. */
export function preferencesDocumentOf(
  preferences: { columnFormats?: Record<string, unknown> } | null,
): Record<string, unknown> | null {
  if (!preferences) return null;
  const keys = Object.keys(preferences).filter((key) => key !== 'columnFormats');
  const formats = preferences.columnFormats ?? {};
  return keys.length === 0 && Object.keys(formats).length === 0 ? null : preferences;
}

/** Siblings as the server orders them: position, then name case-insensitively, then id. */
function bySiblingOrder(left: ServerFolder, right: ServerFolder): number {
  if (left.position !== right.position) return left.position - right.position;
  const leftName = left.name.toLowerCase();
  const rightName = right.name.toLowerCase();
  if (leftName !== rightName) return leftName < rightName ? -1 : 1;
  return left.id - right.id;
}

export function snapshotOf(content: ServerContent): ContentSnapshot {
  const children = new Map<number | null, ServerFolder[]>();
  for (const folder of content.folders) {
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder]);
  }
  const folders = new Map<string, ServerFolder>();
  const pathById = new Map<number, string[]>();
  const treeUnder = (parentId: number | null, parentPath: string[]): FolderDocument[] =>
    [...(children.get(parentId) ?? [])].sort(bySiblingOrder).map((folder) => {
      const path = [...parentPath, folder.name];
      folders.set(folderPathKey(path), folder);
      pathById.set(folder.id, path);
      return { name: folder.name, position: folder.position, folders: treeUnder(folder.id, path) };
    });
  const tree = treeUnder(null, []);
  const folderPathOf = (folderId: number | null, what: string): string[] => {
    if (folderId === null) return [];
    const path = pathById.get(folderId);
    if (!path)
      throw new CliError(`${what} is in folder ${folderId}, which the folder listing did not return`);
    return path;
  };

  const workbooks = new Map<string, ServerWorkbook>();
  const slugById = new Map<number, string>();
  for (const workbook of content.workbooks) {
    const slug = fileSlugOf(workbook);
    if (workbooks.has(slug)) {
      throw new CliError(`two workbooks would be filed as ${slug}: give workbook ${workbook.id} a slug`);
    }
    workbooks.set(slug, workbook);
    slugById.set(workbook.id, slug);
  }
  const workbookDocuments = [...workbooks.entries()]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(
      ([slug, workbook]): WorkbookDocument => ({
        slug,
        name: workbook.name,
        folder: folderPathOf(workbook.folderId, `workbook ${workbook.id}`),
        isShared: workbook.isShared,
        meta: workbook.meta,
      }),
    );

  const reports = new Map(content.reports.map((report) => [report.publicId, report]));
  const reportDocuments = [...reports.values()]
    .sort((left, right) => (left.publicId < right.publicId ? -1 : 1))
    .map((report): ReportDocument => {
      const workbook = report.workbookId === null ? null : slugById.get(report.workbookId);
      if (workbook === undefined) {
        throw new CliError(
          `report ${report.publicId} is in workbook ${report.workbookId}, which was not listed`,
        );
      }
      return {
        publicId: report.publicId,
        name: report.name,
        title: report.title,
        description: report.description,
        kind: report.kind,
        folder: folderPathOf(report.folderId, `report ${report.publicId}`),
        workbook,
        jsonQuery: report.jsonQuery,
        sqlQuery: report.sqlQuery,
        spec: report.spec,
        meta: report.meta,
        preferences: preferencesDocumentOf(report.preferences),
        periodComparisons: report.periodComparisons,
        fillMissingRows: report.fillMissingRows,
      };
    });

  return {
    documents: { folders: tree, workbooks: workbookDocuments, reports: reportDocuments },
    folders,
    workbooks,
    reports,
  };
}

/** Follows the cursors of a list to its end. */
async function everyPage<Item>(
  fetchPage: (after: string | undefined) => Promise<{
    items: Item[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after);
    items.push(...page.items);
    const next = page.pageInfo.endCursor;
    if (!page.pageInfo.hasNextPage || !next || next === after) return items;
    after = next;
  }
}

const folderListConcurrency = 4;

/** Every folder (walking down from the root), workbook and report of the deployment the caller sees. */
export async function fetchServerContent(client: ApiClient, deploymentId: number): Promise<ServerContent> {
  const params = { deploymentId };
  const folders: ServerFolder[] = [];
  let parents: Array<number | null> = [null];
  const childrenOf = (parentId: number | null) =>
    everyPage((after) =>
      client.call('listFolders', {
        params,
        query: { first: 100, after, ...(parentId === null ? {} : { parentId }) },
      }),
    );
  // Level by level, a few folders at a time: a wide tree does not open hundreds of requests at once.
  while (parents.length > 0) {
    const found: ServerFolder[] = [];
    for (let start = 0; start < parents.length; start += folderListConcurrency) {
      const batch = parents.slice(start, start + folderListConcurrency);
      for (const children of await Promise.all(batch.map(childrenOf))) found.push(...children);
    }
    folders.push(...found);
    parents = found.map((folder) => folder.id);
  }
  const [workbooks, reports] = await Promise.all([
    everyPage((after) => client.call('listWorkbooks', { params, query: { first: 100, after } })),
    everyPage((after) =>
      client.call('listReports', { params, query: { first: 100, after, sortBy: 'createdAt' } }),
    ),
  ]);
  return { folders, workbooks, reports };
}
