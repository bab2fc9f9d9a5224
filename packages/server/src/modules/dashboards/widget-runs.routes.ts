import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { WidgetRunsService } from './widget-runs.service.js';

type WidgetRunOperations = Pick<Operations, 'runDashboardWidget'>;

export function widgetRunsRoutes(services: {
  widgetRuns: WidgetRunsService;
}): OperationHandlers<WidgetRunOperations> {
  const { widgetRuns } = services;
  return {
    runDashboardWidget: ({ params, query, body, context }) =>
      widgetRuns.run(context.principal, params, body, query.format),
  };
}
