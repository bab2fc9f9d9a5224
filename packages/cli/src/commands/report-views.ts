import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type Report = OperationResult<Operations['getReport']>;

export function formatReports(reports: readonly Report[]): string {
  if (reports.length === 0) return 'no reports';
  return formatTable(
    [
      { header: 'ID', value: (report: Report) => report.id },
      { header: 'PUBLIC ID', value: (report: Report) => report.publicId },
      { header: 'NAME', value: (report: Report) => report.name },
      { header: 'KIND', value: (report: Report) => report.kind },
      {
        header: 'FOLDER',
        value: (report: Report) => report.folderPath.map((entry) => entry.name).join('/') || '/',
      },
      { header: 'OWNER', value: (report: Report) => report.user.email },
      { header: 'UPDATED', value: (report: Report) => report.updatedAt },
    ],
    reports,
  );
}

export function formatReport(report: Report): string {
  return formatKeyValues([
    ['id', report.id],
    ['public id', report.publicId],
    ['name', report.name],
    ['title', report.title],
    ['kind', report.kind],
    ['folder', report.folderPath.map((entry) => entry.name).join('/') || '/'],
    ['workbook', report.workbookId],
    ['query', report.sqlQuery ?? (report.jsonQuery ? JSON.stringify(report.jsonQuery) : null)],
    [
      'placements',
      report.externalWorkbookPlacements.map((p) => `${p.workbookId} ${p.resultLocation}`).join(', '),
    ],
    ['owner', report.user.email],
    ['version', report.versionNumber],
    ['can edit', report.canEdit],
    ['updated', report.updatedAt],
  ]);
}

type ReportFolder = OperationResult<Operations['listReportFolders']>['items'][number];

export function formatReportFolders(folders: readonly ReportFolder[]): string {
  if (folders.length === 0) return 'no folders';
  return formatTable(
    [
      { header: 'ID', value: (folder: ReportFolder) => folder.id },
      { header: 'NAME', value: (folder: ReportFolder) => folder.name },
      {
        header: 'PATH',
        value: (folder: ReportFolder) => folder.folderPath.map((entry) => entry.name).join(' / '),
      },
      { header: 'REPORTS', value: (folder: ReportFolder) => folder.reportsCount },
    ],
    folders,
  );
}
