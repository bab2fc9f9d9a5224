import type { reportKinds } from '@platform/contract';

/**
 * The files `platform content pull|push` keep content in, one directory per deployment's workspace:
 *
 *   content.yaml              format marker and the folder tree (names, positions, subfolders)
 *   workbooks/<slug>.yaml     one workbook each; `folder` is the path of folder names from the root
 *   reports/<publicId>.yaml   one report each; `workbook` names its workbook by slug
 *
 * Folders are matched by their path of names (sibling names are unique), workbooks by slug and reports
 * by publicId, so a directory can be pushed to another deployment or server and stays stable in git.
 */
export const contentFormat = 'platform-content/1';

export type ReportKindName = (typeof reportKinds)[number];

export interface FolderDocument {
  name: string;
  position: number;
  folders: FolderDocument[];
}

export interface WorkbookDocument {
  slug: string;
  name: string;
  /** Folder names from the root; `[]` is the root. */
  folder: string[];
  isShared: boolean;
  meta: Record<string, unknown>;
}

export interface ReportDocument {
  publicId: string;
  name: string;
  title: string | null;
  description: string | null;
  kind: ReportKindName;
  folder: string[];
  /** The slug of the workbook the report belongs to, or null. */
  workbook: string | null;
  jsonQuery: Record<string, unknown> | null;
  sqlQuery: string | null;
  spec: string | Record<string, unknown> | null;
  meta: Record<string, unknown>;
  preferences: Record<string, unknown> | null;
  periodComparisons: unknown[];
  fillMissingRows: Record<string, unknown> | null;
}

export interface ContentDocuments {
  folders: FolderDocument[];
  workbooks: WorkbookDocument[];
  reports: ReportDocument[];
}

export const slugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const publicIdPattern = /^[0-9A-Za-z]{12}$/;

/** The key a folder path is known by: names joined by a character no name holds. */
export function folderPathKey(path: readonly string[]): string {
  return JSON.stringify(path);
}

/** Every folder path of a tree, parents before children. */
export function folderPathsOf(
  folders: readonly FolderDocument[],
  parent: readonly string[] = [],
): string[][] {
  return folders.flatMap((folder) => {
    const path = [...parent, folder.name];
    return [path, ...folderPathsOf(folder.folders, path)];
  });
}

/** JSON with object keys sorted, so documents that differ only in key order compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => (left < right ? -1 : 1)))
      : item,
  );
}
