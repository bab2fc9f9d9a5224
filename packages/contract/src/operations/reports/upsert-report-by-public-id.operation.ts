import { Report, ReportPublicIdParams, UpsertReportInput } from '../../schemas/report.schema.js';
import { defineOperation } from '../operation.js';

export const upsertReportByPublicId = defineOperation({
  operationId: 'upsertReportByPublicId',
  method: 'PUT',
  path: '/api/v1/deployments/{deploymentId}/reports/by-public-id/{publicId}',
  tag: 'Reports',
  summary: 'Create or update a report by public id',
  description:
    'Content as code: creates the report with this `publicId` (`name` required then) or updates it like PUT .../reports/{reportId}; sending what it already holds changes nothing (`versionNumber` stays). A `publicId` is unique in the account: one used by a report of another deployment is a 409 (`CONFLICT`); a concurrent upsert of the same new `publicId` that lost the race is a 409 `upsert_branch_changed` (retry it).',
  action: 'ContentRead',
  params: ReportPublicIdParams,
  body: UpsertReportInput,
  response: Report,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'upsert_branch_changed'],
});
