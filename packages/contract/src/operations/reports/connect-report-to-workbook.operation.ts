import { ReportIdParams } from '../../schemas/content.schema.js';
import {
  ConnectReportToWorkbookInput,
  maximumReportPlacements,
  Report,
} from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const connectReportToWorkbook = defineOperation({
  operationId: 'connectReportToWorkbook',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/reports/{reportId}/connect-workbook',
  tag: 'Reports',
  summary: 'Link a report to a spreadsheet',
  description: `Adds the placement (external workbook, result location) to the report's \`externalWorkbookPlacements\`, or updates its \`endResultCell\` when it is there. Read access to the report is enough. At most ${maximumReportPlacements} placements per report (422 beyond). Not a change of the report: \`versionNumber\` stays.`,
  action: 'ContentRead',
  params: ReportIdParams,
  body: ConnectReportToWorkbookInput,
  isBodyRequired: true,
  response: Report,
  errors: ['NOT_FOUND', 'UNPROCESSABLE_ENTITY'],
});
