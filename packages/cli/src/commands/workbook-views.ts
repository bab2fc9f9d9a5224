import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Workbook = OperationResult<Operations['getWorkbook']>;
type WorkbookDashboard = OperationResult<Operations['updateWorkbookDashboard']>;

/** `Sales / EMEA` for a workbook in folder EMEA under Sales; `/` at the root. */
function folderOf(workbook: Workbook): string {
  return workbook.folderPath.length === 0 ? '/' : workbook.folderPath.map((entry) => entry.name).join(' / ');
}

const workbookColumns: Column<Workbook>[] = [
  { header: 'ID', value: (workbook) => workbook.id },
  { header: 'NAME', value: (workbook) => workbook.name },
  { header: 'SLUG', value: (workbook) => workbook.slug },
  { header: 'FOLDER', value: (workbook) => workbook.folderId },
  { header: 'OWNER', value: (workbook) => workbook.user.email },
  { header: 'SHARED', value: (workbook) => workbook.isShared },
  { header: 'UPDATED', value: (workbook) => workbook.updatedAt },
];

export function formatWorkbooks(workbooks: readonly Workbook[]): string {
  return workbooks.length === 0 ? 'no workbooks' : formatTable(workbookColumns, workbooks);
}

export function formatWorkbook(workbook: Workbook): string {
  return formatKeyValues([
    ['id', workbook.id],
    ['name', workbook.name],
    ['slug', workbook.slug],
    ['folder', workbook.folderId],
    ['folder path', folderOf(workbook)],
    ['owner', workbook.user.email || workbook.user.id],
    ['shared', workbook.isShared],
    ['meta keys', Object.keys(workbook.meta).join(', ')],
    ['created', workbook.createdAt],
    ['updated', workbook.updatedAt],
  ]);
}

export function formatWorkbookDashboard(dashboard: WorkbookDashboard): string {
  return formatKeyValues([
    ['draft', dashboard.dashboardDraft === null ? 'none' : 'saved'],
    ['published', dashboard.dashboardPublished === null ? 'not yet' : 'yes'],
  ]);
}
