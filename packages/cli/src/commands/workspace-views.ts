import type { OperationResult, Operations, WorkspaceItemFailure } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Folder = OperationResult<Operations['getFolder']>;
type WorkspaceItem = OperationResult<Operations['moveWorkspaceItem']>;

/** `a/b/c`: where an item sits, from the root down. */
export function pathText(path: ReadonlyArray<{ name: string }>): string {
  return path.length === 0 ? '/' : `/${path.map((entry) => entry.name).join('/')}`;
}

const folderColumns: Column<Folder>[] = [
  { header: 'ID', value: (folder) => folder.id },
  { header: 'NAME', value: (folder) => folder.name },
  { header: 'PARENT', value: (folder) => folder.parentId ?? 'root' },
  { header: 'POSITION', value: (folder) => folder.position },
  { header: 'UPDATED', value: (folder) => folder.updatedAt },
];

export function formatFolders(folders: readonly Folder[], empty = 'no folders'): string {
  return folders.length === 0 ? empty : formatTable(folderColumns, folders);
}

export function formatFolder(folder: Folder): string {
  return formatKeyValues([
    ['id', folder.id],
    ['name', folder.name],
    ['parent', folder.parentId ?? 'root'],
    ['path', pathText(folder.folderPath)],
    ['position', folder.position],
    ['created', folder.createdAt],
    ['updated', folder.updatedAt],
  ]);
}

const itemColumns: Column<WorkspaceItem>[] = [
  { header: 'TYPE', value: (item) => item.type },
  { header: 'ID', value: (item) => item.id },
  { header: 'NAME', value: (item) => item.name },
  { header: 'FOLDER', value: (item) => item.folderId ?? 'root' },
  { header: 'UPDATED', value: (item) => item.updatedAt },
];

export function formatWorkspaceItems(items: readonly WorkspaceItem[]): string {
  return items.length === 0 ? 'no items' : formatTable(itemColumns, items);
}

export function formatWorkspaceItem(item: WorkspaceItem): string {
  return formatKeyValues([
    ['type', item.type],
    ['id', item.id],
    ['name', item.name],
    ['folder', item.folderId ?? 'root'],
    ['updated', item.updatedAt],
  ]);
}

/** What a bulk operation did: the items done, then a table of the failures with their reasons. */
export function formatBulkResult(
  verb: string,
  done: ReadonlyArray<{ type: string; id: number }>,
  failed: readonly WorkspaceItemFailure[],
): string {
  const lines = [
    `${verb} ${done.length}: ${done.map((item) => `${item.type.toLowerCase()}:${item.id}`).join(' ') || '-'}`,
  ];
  if (failed.length > 0) {
    lines.push(
      '',
      formatTable(
        [
          {
            header: 'FAILED',
            value: (failure: WorkspaceItemFailure) => `${failure.type.toLowerCase()}:${failure.id}`,
          },
          { header: 'STATUS', value: (failure: WorkspaceItemFailure) => failure.error.status },
          { header: 'REASON', value: (failure: WorkspaceItemFailure) => failure.error.message },
        ],
        failed,
      ),
    );
  }
  return lines.join('\n');
}
