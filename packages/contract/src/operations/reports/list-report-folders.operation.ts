import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListReportFoldersQuery, ReportFoldersListResponse } from '../../schemas/report-folder.schema.js';
import { defineOperation } from '../operation.js';

export const listReportFolders = defineOperation({
  operationId: 'listReportFolders',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/report-folders',
  tag: 'Reports',
  summary: 'Every folder of the deployment with the number of reports in it',
  description:
    "The hosted CLI's `reports folders` (from its older API description): all folders the caller may see, at any depth, by id, each with `reportsCount`, the reports directly in it that the caller may see. `data` and `count` are deprecated but populated.",
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListReportFoldersQuery,
  response: ReportFoldersListResponse,
  errors: ['NOT_FOUND'],
});
