import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { ReportRunsService } from './report-runs.service.js';

type ReportRunOperations = Pick<Operations, 'runReport'>;

export function reportRunsRoutes(services: {
  reportRuns: ReportRunsService;
}): OperationHandlers<ReportRunOperations> {
  const { reportRuns } = services;
  return {
    runReport: ({ params, body, context }) =>
      reportRuns.run(context.principal, params.deploymentId, params.reportId, body),
  };
}
