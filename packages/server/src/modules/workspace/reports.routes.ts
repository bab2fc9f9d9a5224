import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ReportFoldersService } from './report-folders.service.js';
import type { ReportListService } from './report-list.service.js';
import type { ReportsService } from './reports.service.js';

type ReportOperations = Pick<
  Operations,
  | 'listReports'
  | 'createReport'
  | 'getReport'
  | 'updateReport'
  | 'deleteReport'
  | 'upsertReportByPublicId'
  | 'connectReportToWorkbook'
  | 'refreshReport'
  | 'listReportFolders'
>;

export function reportsRoutes(services: {
  reports: ReportsService;
  reportList: ReportListService;
  reportFolders: ReportFoldersService;
}): OperationHandlers<ReportOperations> {
  const { reports, reportList, reportFolders } = services;
  return {
    listReports: ({ params, query, context }) =>
      reportList.list(context.principal, params.deploymentId, query),
    createReport: ({ params, body, context }) => reports.create(context.principal, params.deploymentId, body),
    getReport: ({ params, context }) => reports.get(context.principal, params.deploymentId, params.reportId),
    updateReport: ({ params, body, context }) =>
      reports.update(context.principal, params.deploymentId, params.reportId, body),
    deleteReport: ({ params, context }) =>
      reports.delete(context.principal, params.deploymentId, params.reportId),
    upsertReportByPublicId: ({ params, body, context }) =>
      reports.upsertByPublicId(context.principal, params.deploymentId, params.publicId, body),
    connectReportToWorkbook: ({ params, body, context }) =>
      reports.connectWorkbook(context.principal, params.deploymentId, params.reportId, body),
    refreshReport: ({ params, context }) =>
      reports.refresh(context.principal, params.deploymentId, params.reportId),
    listReportFolders: ({ params, query, context }) =>
      reportFolders.list(context.principal, params.deploymentId, query),
  };
}
