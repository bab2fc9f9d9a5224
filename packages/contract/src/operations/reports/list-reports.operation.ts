import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { ListReportsQuery, ReportsListResponse } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const listReports = defineOperation({
  operationId: 'listReports',
  method: 'GET',
  path: '/api/v1/deployments/{deploymentId}/reports',
  tag: 'Reports',
  summary: 'List the reports the caller may see',
  description:
    'Sorted by `sortBy` (`createdAt`, `updatedAt`, `lastViewedAt`, `name`) and `sortDirection`; filtered by `search` (name or title), `folderId` (the reports directly in it), `workbookId` (an unknown folder or workbook is a 404), `externalWorkbookId` (placed in that spreadsheet). Pages by cursor (`first`/`after`), by `limit`/`offset`, or by `limit`/`page`. Sorted by `lastViewedAt`, cursor paging is unavailable: `after` is a 400 and `hasNextPage` is false. `data` and `count` are deprecated (the same items; the total).',
  action: 'ContentRead',
  params: DeploymentIdParams,
  query: ListReportsQuery,
  response: ReportsListResponse,
  errors: ['NOT_FOUND'],
});
