import { ReportIdParams } from '../../schemas/content.schema.js';
import { Report, UpdateReportInput } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const updateReport = defineOperation({
  operationId: 'updateReport',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}',
  tag: 'Reports',
  summary: 'Change a report',
  description:
    "A partial update: fields left out keep their value, null clears a nullable one. Needs edit rights on the report (and where it moves to). Every change adds one to `versionNumber`. Setting `jsonQuery` clears `sqlQuery` and the reverse; sending both is a 400. A report of a workbook lives in its workbook's folder: another `folderId` is a 400 unless `workbookId: null` takes it out of the workbook.",
  action: 'ContentRead',
  params: ReportIdParams,
  body: UpdateReportInput,
  response: Report,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
